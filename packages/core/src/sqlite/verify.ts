// SQLite's integrity_check on a written backup, in a child process (see integrity-check.mjs).
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const CHECKER = fileURLToPath(new URL('./integrity-check.mjs', import.meta.url))

export function checkIntegrity(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // sql.js on V8's baseline WebAssembly tier, as the CLI runs it: less memory.
    execFile(process.execPath, ['--liftoff-only', CHECKER, file],
      { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
        const answer = /^\{.*\}$/m.exec(stdout)?.[0]
        if (!answer) return reject(new Error(`the integrity check stopped: ${stderr.trim() || String(error)}`))
        const { problems } = JSON.parse(answer) as { problems: string[] }
        if (problems.length === 0) resolve()
        else reject(new Error(`the copy failed SQLite's integrity check: ${problems.join('; ')}`))
      })
  })
}
