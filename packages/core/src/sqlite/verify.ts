// SQLite's integrity_check on a written backup, in a child process (see integrity-check.mjs).
import { execFile } from 'node:child_process'
import { setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'

const CHECKER = fileURLToPath(new URL('./integrity-check.mjs', import.meta.url))

/**
 * The check's CPU priority: the lowest. It is background work that reads the whole copy (minutes
 * on gigabytes); at this priority it takes only the CPU the server's requests leave over, so a
 * backup does not make them wait.
 */
export const INTEGRITY_CHECK_NICE = 19

export interface CheckOptions {
  /** Called with the checking process's id once it runs at its priority (tests watch it). */
  onStart?: (pid: number) => void
}

export function checkIntegrity(file: string, options: CheckOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // sql.js on V8's baseline WebAssembly tier, as the CLI runs it: less memory.
    const child = execFile(process.execPath, ['--liftoff-only', CHECKER, file],
      { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
        const answer = /^\{.*\}$/m.exec(stdout)?.[0]
        if (!answer) return reject(new Error(`the integrity check stopped: ${stderr.trim() || String(error)}`))
        const { problems } = JSON.parse(answer) as { problems: string[] }
        if (problems.length === 0) resolve()
        else reject(new Error(`the copy failed SQLite's integrity check: ${problems.join('; ')}`))
      })
    if (child.pid === undefined) return // it could not start: the callback above says why
    try {
      setPriority(child.pid, INTEGRITY_CHECK_NICE)
    } catch {
      // A system that refuses (or has already reaped a check that ended at once): it runs at the server's priority.
    }
    options.onStart?.(child.pid)
  })
}
