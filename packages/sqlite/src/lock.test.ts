import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { acquireLock, DatabaseLockedError, isProcessAlive } from './lock.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

/** The pid of a process that has exited and been reaped. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

describe('acquireLock', () => {
  it('writes our pid and removes the lock on release', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const lock = await acquireLock(file)
    expect(readFileSync(`${file}.lock`, 'utf8').trim()).toBe(String(process.pid))
    await lock.release()
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('refuses a lock held by a live process, naming it', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const lock = await acquireLock(file)
    onTestFinished(() => lock.release())
    const error = await acquireLock(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DatabaseLockedError)
    expect(error).toMatchObject({ code: 'LOCKED', pid: process.pid, file })
    expect((error as Error).message).toBe(
      `database ${file} is in use by process ${process.pid}; stop it or use --remote URL`,
    )
  })

  it.each([
    ['a dead pid', () => `${deadPid()}\n`],
    ['garbage', () => 'not a pid'],
    ['nothing', () => ''],
  ])('takes over a lock that names %s', async (_name, content) => {
    const file = join(tempDir(), 'db.sqlite')
    writeFileSync(`${file}.lock`, content())
    const lock = await acquireLock(file)
    expect(readFileSync(`${file}.lock`, 'utf8').trim()).toBe(String(process.pid))
    await lock.release()
  })

  it.skipIf(!existsSync('/proc/self/stat'))('takes over a lock held by a zombie', async () => {
    // The background `sleep` outlives the shell's exec into `sleep 30`, which never reaps its
    // children, so it becomes a zombie (exiting earlier, the shell itself might reap it).
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] })
    onTestFinished(() => void parent.kill('SIGKILL'))
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))))
    await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 10_000 }).toBe('Z')
    expect(isProcessAlive(zombie)).toBe(false)

    const file = join(tempDir(), 'db.sqlite')
    writeFileSync(`${file}.lock`, `${zombie}\n`)
    const lock = await acquireLock(file)
    await lock.release()
  })

  it('lets exactly one of many concurrent takers win a stale lock', async () => {
    const file = join(tempDir(), 'db.sqlite')
    writeFileSync(`${file}.lock`, `${deadPid()}\n`)
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => acquireLock(file)))
    const won = results.filter((r) => r.status === 'fulfilled')
    expect(won).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DatabaseLockedError)
    }
    if (won[0].status === 'fulfilled') await won[0].value.release()
    expect(readdirSync(dirname(file))).toEqual([]) // no temp files left behind
  })
})

describe('isProcessAlive', () => {
  it('tells live from dead processes', () => {
    expect(isProcessAlive(process.pid)).toBe(true)
    expect(isProcessAlive(deadPid())).toBe(false)
    expect(isProcessAlive(0)).toBe(false)
  })
})
