// SQLite's integrity_check on a written backup, in a child process (see integrity-check.mjs).
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setPriority } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const CHECKER = fileURLToPath(new URL('./integrity-check.mjs', import.meta.url))

/**
 * The check's CPU priority: the lowest. It is background work that reads the whole copy (minutes
 * on gigabytes); at this priority it takes only the CPU the server's requests leave over, so a
 * backup does not make them wait.
 */
export const INTEGRITY_CHECK_NICE = 19

/**
 * On Linux the check also runs under SCHED_IDLE, through util-linux's `chrt` where the system has
 * it. Linux's scheduler (EEVDF, since 6.6) lets even a nice-19 process finish its time slice
 * before a waking process gets the CPU, and the server wakes thousands of times a second (every
 * request, every fsync): at nice 19 alone, the votes' p99 rose from ~40 to ~52 ms during the
 * check of a 10M-vote backup. A SCHED_IDLE process gives way at once. Elsewhere: nice alone.
 */
export const idleScheduler: string | undefined = process.platform === 'linux'
  ? (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'chrt')).find((path) => existsSync(path))
  : undefined

export interface CheckOptions {
  /** Called with the checking process's id once it runs at its priority (tests watch it). */
  onStart?: (pid: number) => void
}

export function checkIntegrity(file: string, options: CheckOptions = {}): Promise<void> {
  // V8's optimizing WebAssembly tier, unlike the CLI's baseline one (bin.ts): the check is minutes
  // of SQLite's own work, ~25% less of it this way (8.2 s instead of 11.3 s on the 1M-vote
  // database, 79 MB either way), and each second less is a second less of the server sharing the CPU.
  const node = [process.execPath, CHECKER, file]
  const [command, ...args] = idleScheduler ? [idleScheduler, '--idle', '0', ...node] : node
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      const answer = /^\{.*\}$/m.exec(stdout)?.[0]
      if (!answer) return reject(new Error(`the integrity check stopped: ${stderr.trim() || String(error)}`))
      const { problems } = JSON.parse(answer) as { problems: string[] }
      if (problems.length === 0) resolve()
      else reject(new Error(`the copy failed SQLite's integrity check: ${problems.join('; ')}`))
    })
    if (child.pid === undefined) return // it could not start: the callback above says why
    try {
      setPriority(child.pid, INTEGRITY_CHECK_NICE) // chrt runs node in its own process: the same pid
    } catch {
      // A system that refuses (or has already reaped a check that ended at once): it runs at the server's priority.
    }
    options.onStart?.(child.pid)
  })
}
