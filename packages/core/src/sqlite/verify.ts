// SQLite's integrity_check on a written backup, in a worker thread (see integrity-worker.mjs).
import { Worker } from 'node:worker_threads'

export function checkIntegrity(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./integrity-worker.mjs', import.meta.url), { workerData: { file } })
    let answered = false
    worker.once('message', ({ problems }: { problems: string[] }) => {
      answered = true
      if (problems.length === 0) resolve()
      else reject(new Error(`the copy failed SQLite's integrity check: ${problems.join('; ')}`))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the integrity check stopped (exit code ${code})`))
    })
  })
}
