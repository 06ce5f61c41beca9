// The process a server makes a PostgreSQL backup in (postgres-backup-process.ts starts it at idle
// priority, an entry of the bundle of its own). It reads one JSON line on stdin, { url, target }
// (so the URL's password is never on a command line that `ps` shows), takes the snapshot on a
// connection of its own, which holds the backup's advisory lock to the end, spools it (ending the
// snapshot before the slow part: snapshot-spool.ts), writes, checks and renames the file, and
// answers one JSON line on stdout: { bytes } or { error: { code, message } }.
// No store is opened (the cells are copied as stored, sealed secrets included), so it needs no
// secret key and never migrates: its server has set the database up.
//
// stdin stays open for as long as the backup is wanted: its end (the server closing, or dying,
// kill -9 included) stops the backup and removes the partial file, and nothing is renamed after.
import { setPriority } from 'node:os'
import { createInterface } from 'node:readline'
import { isDomainError } from '@game-picker/core'
import { createPostgresBackup } from '@game-picker/postgres'
import { IDLE_NICE } from '@game-picker/sqlite'
import { writeSpooledBackupFile } from './snapshot-spool.ts'

export interface BackupRequest { url: string; target: string }
export type BackupAnswer = { bytes: number } | { error: { code?: string; message: string } }

// Nice 19 from the child itself, before any work: set from the server right after the spawn, it
// could land before `chrt` switched this process to SCHED_IDLE, which sets the nice value anew.
try {
  setPriority(IDLE_NICE)
} catch {
  // A system that refuses: SCHED_IDLE alone (or the server's priority where there is no chrt).
}

const lines = createInterface({ input: process.stdin })
const request = await new Promise<BackupRequest | undefined>((resolve) => {
  lines.once('line', (line) => resolve(JSON.parse(line) as BackupRequest))
  lines.once('close', () => resolve(undefined))
})
if (!request) process.exit(1) // the server went before asking

const abandoned = new AbortController()
const backup = createPostgresBackup({
  url: request.url,
  writeFile: (snapshot, target) => writeSpooledBackupFile(snapshot, target, { signal: abandoned.signal }),
})
lines.once('close', () => {
  abandoned.abort(new Error('the server stopped'))
  void backup.close() // a page being read fails now, not at the next
})

const answer: BackupAnswer = await backup.copyTo(request.target).then(
  ({ bytes }) => ({ bytes }),
  (error: unknown) => ({ error: isDomainError(error) ? { code: error.code, message: error.message } : { message: error instanceof Error ? error.message : String(error) } }),
)
process.stdout.on('error', () => process.exit(1)) // no server left to answer
process.stdout.write(`${JSON.stringify(answer)}\n`, () => process.exit(0))
