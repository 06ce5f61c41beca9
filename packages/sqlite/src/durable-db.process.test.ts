// Real processes: a writer killed with SIGKILL mid-stream, and the lock across processes.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { DatabaseLockedError, openSqlDatabase } from './durable-db.ts'
import { compileDurableDb, fixture } from './test-helpers/compile.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

let build: { moduleUrl: string; dir: string }
beforeAll(async () => { build = await compileDurableDb() })
afterAll(() => { if (build) rmSync(build.dir, { recursive: true, force: true }) })

function startFixture(name: string, args: (string | number)[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [fixture(name), build.moduleUrl, ...args.map(String)])
  onTestFinished(() => void child.kill('SIGKILL'))
  return child
}

interface Output {
  /** Complete stdout lines so far (a line cut by a kill is left out). */
  lines: string[]
  until(done: (lines: string[]) => boolean): Promise<void>
  /** Resolves once the child exited and its stdout is fully read. */
  closed: Promise<void>
}

function watchOutput(child: ChildProcessWithoutNullStreams): Output {
  const lines: string[] = []
  let partial = ''
  let stderr = ''
  let check = () => {}
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n')
    partial = parts.pop() ?? ''
    lines.push(...parts)
    check()
  })
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const until = (done: (lines: string[]) => boolean) => new Promise<void>((resolve, reject) => {
    check = () => { if (done(lines)) resolve() }
    check()
    void closed.then(() => reject(new Error(`fixture exited early: ${stderr}`)))
  })
  return { lines, until, closed }
}

// GAME_PICKER_KILL_DB=FILE runs the loop on a copy of FILE (e.g. the bench's 1M-vote database).
const KILL_DB = process.env.GAME_PICKER_KILL_DB

describe('a writer killed with SIGKILL', () => {
  it('loses no acknowledged write and leaves a readable database, crash after crash', async () => {
    const file = join(tempDir(), 'db.sqlite')
    if (KILL_DB) copyFileSync(KILL_DB, file)
    let acked: number[] = []
    for (let round = 0; round < 3; round++) {
      const child = startFixture('crash-writer.mjs', [file, round * 1_000_000 + 1])
      const output = watchOutput(child)
      await output.until((lines) => lines.length >= 3000)
      child.kill('SIGKILL')
      await output.closed
      acked = [...acked, ...output.lines.map(Number)] // every id printed before the kill landed

      const db = await openSqlDatabase({ file, readOnly: true })
      const ids = new Set((await db.read((r) => r.all<{ id: number }>('SELECT id FROM t'))).map((row) => row.id))
      expect(await db.read((r) => r.get('PRAGMA integrity_check'))).toEqual({ integrity_check: 'ok' })
      await db.close()
      expect(acked.filter((id) => !ids.has(id))).toEqual([])
    }
  }, 300_000)
})

describe('the lock across processes', () => {
  it('refuses a second writer, naming the owner, while readers still see its journaled writes', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const owner = startFixture('hold-writer.mjs', [file, 3])
    const output = watchOutput(owner)
    await output.until((lines) => lines.includes('ready'))

    const error = await openSqlDatabase({ file }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DatabaseLockedError)
    expect((error as Error).message).toBe(`database ${file} is in use by process ${owner.pid}; stop it or use --remote URL`)

    const reader = await openSqlDatabase({ file, readOnly: true })
    expect(await reader.read((r) => r.all('SELECT id FROM t'))).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    await reader.close()

    owner.stdin.end() // the owner closes cleanly and releases the lock
    await output.closed
    const writer = await openSqlDatabase({ file })
    expect(await writer.read((r) => r.get('SELECT count(*) AS n FROM t'))).toEqual({ n: 3 })
    await writer.close()
  })

  it('takes over the lock of a writer that was killed', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const owner = startFixture('hold-writer.mjs', [file, 2])
    const output = watchOutput(owner)
    await output.until((lines) => lines.includes('ready'))
    owner.kill('SIGKILL')
    await output.closed
    const writer = await openSqlDatabase({ file })
    expect(await writer.read((r) => r.get('SELECT count(*) AS n FROM t'))).toEqual({ n: 2 })
    await writer.close()
  })
})
