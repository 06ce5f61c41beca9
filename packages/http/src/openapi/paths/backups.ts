// Backups of the database file.
import { BACKUP_RUNNING, NOT_CONFIGURED, POSTGRES_BACKUPS } from '@game-picker/core'
import { pathItems } from '../operation.ts'
import { arrayOf, messageAnd, ref, string } from '../schema.ts'

const UNAVAILABLE = [NOT_CONFIGURED, POSTGRES_BACKUPS]

export const backupPaths = pathItems('Backups', {
  '/api/backups': {
    get: {
      summary: 'List backups', scope: 'admin',
      description: 'The backups in the server\'s backup folder (`serve --backup-dir`), newest first. '
        + 'A database on PostgreSQL is backed up with pg_dump instead.',
      ok: { description: 'Each backup file, newest first', schema: arrayOf(ref('Backup')) },
      errors: { 400: UNAVAILABLE },
    },
    post: {
      summary: 'Back up the database now', scope: 'admin',
      description: 'Starts a backup into the backup folder and answers at once; it appears in the list once it is complete, '
        + 'fsynced and checked with SQLite\'s integrity_check. It holds every write acknowledged before it started. '
        + 'Requests go on while it is made. One backup at a time; the scheduled ones keep the newest `--backup-keep`.',
      ok: { status: 202, description: '"Backup started", with the name the backup will have', schema: messageAnd({ file: string('The backup\'s name, without its folder') }) },
      errors: { 400: UNAVAILABLE, 409: [BACKUP_RUNNING] },
    },
  },
})
