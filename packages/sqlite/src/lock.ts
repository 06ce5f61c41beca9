// One writer per database file: `<file>.lock` names the owning pid. A lock whose
// pid is dead, or a zombie (containers often run without an init that reaps), is taken over.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { isCode } from './file-io.ts'

export class DatabaseLockedError extends Error {
  readonly code = 'LOCKED'
  readonly pid: number
  readonly file: string

  constructor(file: string, pid: number) {
    super(`database ${file} is in use by process ${pid}; stop it or use --remote URL`)
    this.name = 'DatabaseLockedError'
    this.file = file
    this.pid = pid
  }
}

export interface FileLock {
  release(): Promise<void>
}

/** Takes `<file>.lock` for this process or throws DatabaseLockedError. */
export async function acquireLock(file: string): Promise<FileLock> {
  const lockFile = `${file}.lock`
  const mine = `${process.pid}\n`
  // A few rounds are enough: each round either wins, fails on a live owner, or clears a stale lock.
  for (let round = 0; round < 5; round++) {
    if (await createExclusive(lockFile, mine)) return { release: () => releaseLock(lockFile, mine) }
    const owner = await readOwner(lockFile)
    if (owner === undefined) continue // vanished in between: try again
    if (isProcessAlive(owner.pid)) throw new DatabaseLockedError(file, owner.pid)
    await removeStaleLock(lockFile, owner.text)
  }
  throw new Error(`could not take the lock ${lockFile}: it keeps changing`)
}

// Written to a temp file, then hard-linked into place: link fails if the name exists, so the
// lock appears atomically with its pid inside (an `wx` open would be briefly empty).
async function createExclusive(lockFile: string, content: string): Promise<boolean> {
  const temp = `${lockFile}.${randomUUID()}.tmp`
  await writeFile(temp, content)
  try {
    await link(temp, lockFile)
    return true
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false
    throw error
  } finally {
    await rm(temp, { force: true })
  }
}

async function readOwner(lockFile: string): Promise<{ pid: number; text: string } | undefined> {
  try {
    const text = await readFile(lockFile, 'utf8')
    const pid = Number.parseInt(text, 10)
    // Garbage in a lock file cannot name a live owner; pid 0 makes it stale below.
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : 0, text }
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined
    throw error
  }
}

// Two processes may see the same stale lock. Each moves the lock aside under its own name
// (rename is atomic); if what it moved is not the stale lock it inspected, a rival already
// replaced it, so it is put back and the next round sees the rival as the live owner.
async function removeStaleLock(lockFile: string, staleText: string): Promise<void> {
  const aside = `${lockFile}.${randomUUID()}.stale`
  try {
    await rename(lockFile, aside)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return
    throw error
  }
  try {
    if ((await readFile(aside, 'utf8')) !== staleText) await link(aside, lockFile).catch(() => {})
  } finally {
    await rm(aside, { force: true })
  }
}

async function releaseLock(lockFile: string, mine: string): Promise<void> {
  // Only remove the lock if it is still ours (it could have been taken over while we were stopped).
  const text = await readFile(lockFile, 'utf8').catch(() => undefined)
  if (text === mine) await rm(lockFile, { force: true })
}

/** Alive = signalable and not a zombie. EPERM means it exists but belongs to another user. */
export function isProcessAlive(pid: number): boolean {
  if (pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    if (!isCode(error, 'EPERM')) return false
  }
  return !isZombie(pid)
}

function isZombie(pid: number): boolean {
  try {
    // `pid (comm) state ...`; comm may contain spaces and parentheses, so split after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    return false // no /proc (macOS, Windows) or the process just exited: rely on kill(0)
  }
}
