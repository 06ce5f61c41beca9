// `db backup` beside a running server. Another process cannot copy the file consistently: the
// server's checkpoints rewrite its pages in place at any moment, and only the server knows which
// ones. So the command asks the server, through two small files beside the database:
//   `<file>-backup-request`: {"id","pid","to"}, created exclusively by the command (one at a time);
//   `<file>-backup-result-<id>`: {"state":"running"} once the server took it, then
//     {"state":"done","bytes"} or {"state":"failed","error"}; written under a temp name and renamed.
// The server looks for a request every quarter second (a stat of a missing file costs nothing).
// Anyone who may write the database's folder may already change the database, so a request
// gives nobody more than they had; the server only writes a new file, never over one.
import { randomUUID } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { isCode } from './file-io.ts'
import { isProcessAlive } from './lock.ts'

interface BackupRequest { id: string; pid: number; to: string }
type BackupResult = { state: 'running' } | { state: 'done'; bytes: number } | { state: 'failed'; error: string }

export const requestPath = (file: string) => `${file}-backup-request`
const resultPath = (file: string, id: string) => `${file}-backup-result-${id}`

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T
  } catch (error) {
    if (isCode(error, 'ENOENT') || error instanceof SyntaxError) return undefined // not there, or being written
    throw error
  }
}

async function writeResult(file: string, id: string, result: BackupResult): Promise<void> {
  const path = resultPath(file, id)
  await writeFile(`${path}.tmp`, JSON.stringify(result))
  await rename(`${path}.tmp`, path)
}

/** The server side: answers requests while it holds the database. */
export function answerBackupRequests(
  file: string, copyTo: (target: string) => Promise<{ bytes: number }>, { intervalMs = 250 } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined
  let stopped = false
  const answered = new Set<string>()

  async function answer(request: BackupRequest): Promise<void> {
    answered.add(request.id)
    await writeResult(file, request.id, { state: 'running' })
    const result: BackupResult = await copyTo(request.to).then(
      ({ bytes }) => ({ state: 'done', bytes }),
      (error: unknown) => ({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
    )
    const still = await readJson<BackupRequest>(requestPath(file))
    if (still?.id === request.id) await writeResult(file, request.id, result) // else nobody waits for it
  }

  const timer = setInterval(() => {
    if (running || stopped) return
    running = (async () => {
      const request = await readJson<BackupRequest>(requestPath(file))
      if (!request || answered.has(request.id) || typeof request.to !== 'string' || !isAbsolute(request.to)) return
      await answer(request)
    })().catch(() => {}).finally(() => { running = undefined })
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

export class BackupRequestError extends Error {}

/**
 * The command's side: asks the process `pid` holding `file` to back it up to `to` (absolute),
 * and waits for the answer. Rejects when another request is pending, when the process does not
 * take the request within `acceptMs` (it is not a server), or when it stops before answering.
 */
export async function requestBackup(file: string, to: string, pid: number, { acceptMs = 10_000, pollMs = 100 } = {}): Promise<{ bytes: number }> {
  const request: BackupRequest = { id: randomUUID(), pid: process.pid, to }
  const path = requestPath(file)
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, JSON.stringify(request), { flag: 'wx' })
      break
    } catch (error) {
      if (!isCode(error, 'EEXIST') || attempt > 0) throw error
      const other = await readJson<BackupRequest>(path)
      if (other && isProcessAlive(other.pid)) throw new BackupRequestError('A backup is already running')
      await rm(path, { force: true }) // left by a command that was killed
    }
  }
  const result = resultPath(file, request.id)
  try {
    const started = Date.now()
    for (;;) {
      const answer = await readJson<BackupResult>(result)
      if (answer?.state === 'done') return { bytes: answer.bytes }
      if (answer?.state === 'failed') throw new BackupRequestError(answer.error)
      if (!isProcessAlive(pid)) throw new BackupRequestError(`process ${pid} stopped before the backup was complete`)
      if (!answer && Date.now() - started > acceptMs) {
        throw new BackupRequestError(`database ${file} is in use by process ${pid}, which does not make backups (only \`serve\` does); stop it and run db backup again`)
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } finally {
    await rm(path, { force: true })
    await rm(result, { force: true })
    await rm(`${result}.tmp`, { force: true })
  }
}
