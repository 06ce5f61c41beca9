// Backups of the database: a copy of the file, or of a PostgreSQL database one snapshot of every table in a file database.
import { BACKUP_RUNNING, NOT_CONFIGURED } from '@game-picker/core'
import { pathItems } from '../operation.ts'
import { arrayOf, messageAnd, ref, string } from '../schema.ts'

const UNAVAILABLE = [NOT_CONFIGURED]

export const backupPaths = pathItems('Backups', {
  '/api/backups': {
    get: {
      summary: 'List backups', scope: 'admin',
      description: 'The backups in the server\'s backup folder (`serve --backup-dir`), newest first. '
        + 'Each is a file database that `serve --db FILE` opens; a PostgreSQL database\'s is restored with `db copy --from FILE --to URL`.',
      ok: { description: 'Each backup file, newest first', schema: arrayOf(ref('Backup')) },
      errors: { 400: UNAVAILABLE },
    },
    post: {
      summary: 'Back up the database now', scope: 'admin',
      description: 'Starts a backup into the backup folder and answers at once; it appears in the list once it is complete, '
        + 'fsynced and checked with SQLite\'s integrity_check. It holds every write acknowledged before it started '
        + '(on PostgreSQL: one snapshot of every table, taken when it started). '
        + 'Requests go on while it is made. One backup at a time (on PostgreSQL, one per database, whichever server asks); '
        + 'the scheduled ones keep the newest `--backup-keep`.',
      ok: { status: 202, description: '"Backup started", with the name the backup will have', schema: messageAnd({ file: string('The backup\'s name, without its folder') }) },
      errors: { 400: UNAVAILABLE, 409: [BACKUP_RUNNING] },
    },
  },
})
