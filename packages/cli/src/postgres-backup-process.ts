// A server's backups of its PostgreSQL database, each made in a child process of its own
// (postgres-backup-child.ts) at the lowest CPU priority (nice 19, SCHED_IDLE on Linux). Written
// in the server, the sql.js inserts of each page, the file's checkpoints and the final check of
// every counter ran on the thread that answers requests, stalling it up to ~230 ms at a time; in
// a child they take only the CPU the requests leave over, and its memory is not the server's.
//
// The port's semantics stay: `running` from the start until the child has exited; a second
// backup in this process is refused at once; one on another server (or `db backup`) is refused
// by the advisory lock the child holds. Closing the store (or the server dying) ends the child's
// stdin, which stops the backup and removes its partial file.
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { BACKUP_RUNNING, conflict, DomainError, type DomainErrorCode } from '@game-picker/core'
import type { PostgresBackup } from '@game-picker/postgres'
import { atIdlePriority, lowerToIdle } from '@game-picker/sqlite'
import type { BackupAnswer, BackupRequest } from './postgres-backup-child.ts'

/** The bundle's entry beside this code (dist/; see the package's bundle script). */
const CHILD = fileURLToPath(new URL('./postgres-backup-child.js', import.meta.url))

/** How long a child stopped by closing gets to remove its partial file before it is killed. */
const STOP_GRACE_MS = 10_000

type Child = ChildProcessByStdio<Writable, Readable, Readable>

export function createPostgresBackupProcess(url: string): PostgresBackup {
  let child: Child | undefined
  let exited: Promise<void> = Promise.resolve()
  return {
    get running() { return child !== undefined },
    async copyTo(target) {
      if (child) throw conflict(BACKUP_RUNNING)
      const [command, ...args] = atIdlePriority([process.execPath, CHILD])
      // Its own environment without the secret key: it copies cells as stored and reads no secret.
      const { GAME_PICKER_SECRET_KEY: _key, ...env } = process.env
      const started: Child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] })
      child = started
      lowerToIdle(started.pid)
      let stdout = ''
      let stderr = ''
      started.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
      started.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      started.stdin.on('error', () => {}) // a child that died already: its exit says why
      const request: BackupRequest = { url, target }
      started.stdin.write(`${JSON.stringify(request)}\n`) // and left open: its end stops the backup
      const done = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
        started.once('error', (error) => { stderr += String(error); resolve({ code: null, signal: null }) })
        started.once('close', (code, signal) => resolve({ code, signal }))
      })
      exited = done.then(() => {})
      try {
        const exit = await done // before reading what it wrote
        return answerOf(stdout, stderr, exit)
      } finally {
        started.stdin.destroy()
        child = undefined
      }
    },
    async close() {
      const stopping = child
      if (!stopping) return
      stopping.stdin.end()
      const kill = setTimeout(() => stopping.kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(kill)
    },
  }
}

function answerOf(stdout: string, stderr: string, exit: { code: number | null; signal: string | null }): { bytes: number } {
  const line = /^\{.*\}$/m.exec(stdout)?.[0]
  const answer = line ? JSON.parse(line) as BackupAnswer : undefined
  if (answer && 'bytes' in answer) return { bytes: answer.bytes }
  if (answer?.error.code) throw new DomainError(answer.error.code as DomainErrorCode, answer.error.message)
  if (answer) throw new Error(answer.error.message)
  throw new Error(`the backup process stopped (${exit.signal ?? `exit ${exit.code}`})${stderr.trim() ? `: ${stderr.trim().slice(-500)}` : ''}`)
}
