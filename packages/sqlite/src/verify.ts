// SQLite's integrity_check on a written backup, in a child process (see integrity-check.mjs).
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { atIdlePriority, IDLE_NICE, lowerToIdle } from './idle-priority.ts'

export { idleScheduler } from './idle-priority.ts'

const CHECKER = fileURLToPath(new URL('./integrity-check.mjs', import.meta.url))

/**
 * The check's CPU priority: the lowest (idle-priority.ts). It is background work that reads the
 * whole copy (minutes on gigabytes), so a backup does not make the server's requests wait.
 */
export const INTEGRITY_CHECK_NICE = IDLE_NICE

export interface CheckOptions {
  /** Called with the checking process's id once it runs at its priority (tests watch it). */
  onStart?: (pid: number) => void
}

export function checkIntegrity(file: string, options: CheckOptions = {}): Promise<void> {
  // V8's optimizing WebAssembly tier, unlike the CLI's baseline one (bin.ts): the check is minutes
  // of SQLite's own work, ~25% less of it this way (8.2 s instead of 11.3 s on the 1M-vote
  // database, 79 MB either way), and each second less is a second less of the server sharing the CPU.
  const [command, ...args] = atIdlePriority([process.execPath, CHECKER, file])
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      const answer = /^\{.*\}$/m.exec(stdout)?.[0]
      if (!answer) return reject(new Error(`the integrity check stopped: ${stderr.trim() || String(error)}`))
      const { problems } = JSON.parse(answer) as { problems: string[] }
      if (problems.length === 0) resolve()
      else reject(new Error(`the copy failed SQLite's integrity check: ${problems.join('; ')}`))
    })
    if (child.pid === undefined) return // it could not start: the callback above says why
    lowerToIdle(child.pid)
    options.onStart?.(child.pid)
  })
}
