// Scheduled backups of a file database, kept in a folder: `game-picker-YYYYMMDDTHHMMSSZ.sqlite`
// (the UTC second it started), the newest `keep` of them. One backup at a time; one asked for
// over the API runs at once in the background. A failed one is logged and tried again at the
// next interval; the server never stops for it.
//
// When: a run when the newest backup in the folder is an interval old (at once when there is
// none, or it is older: a server restarted every day still makes its daily backup), then one
// every interval after each run began.
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import {
  BACKUP_RUNNING, BACKUP_STARTED, type BackupFile, type Backups, type BackupSchedule, backupsUnavailable, conflict, invalidInput, type Store,
} from '@game-picker/core'

const NAME = /^game-picker-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.sqlite$/
/** What a killed backup leaves: its partial file and, of a PostgreSQL one, the writer's journal and lock beside it (snapshot-file.ts). */
const PARTIAL = /^game-picker-\d{8}T\d{6}Z\.sqlite\.partial([-.][\w-]+)?$/

/** `game-picker-20261126T184500Z.sqlite` for that second, UTC. */
export function backupName(at: Date): string {
  return `game-picker-${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.sqlite`
}

function createdAt(name: string): string | null {
  const parts = NAME.exec(name)
  if (!parts) return null
  const [, y, mo, d, h, mi, s] = parts
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.000Z`
}

export interface BackupsOptions {
  /** Absent: backups are not configured (both routes answer 400). */
  schedule?: BackupSchedule
  now?: () => Date
  log?: (line: string) => void
}

export function createBackups(store: Store, options: BackupsOptions = {}): Backups {
  const { schedule } = options
  const now = options.now ?? (() => new Date())
  const log = options.log ?? ((line: string) => console.error(line))
  let timer: NodeJS.Timeout | undefined
  let stopped = true
  let running: Promise<void> | undefined
  /** A scheduled run, from its start to its end. */
  let scheduled: Promise<void> | undefined

  /** The folder, or the 400 that explains why there is none. */
  function configured(): BackupSchedule & { backup: NonNullable<Store['backup']> } {
    if (!store.backup || store.backup.unavailable || !schedule) throw invalidInput(backupsUnavailable(store))
    return { ...schedule, backup: store.backup }
  }

  async function list(): Promise<BackupFile[]> {
    const { dir } = configured()
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] // none made yet
      throw error
    })
    const files = await Promise.all(names.filter((name) => NAME.test(name)).sort().reverse().map(async (file) => {
      const size = await stat(join(dir, file)).then((found) => found.size, () => null) // removed meanwhile
      return size === null ? null : { file, size, created_at: createdAt(file)! }
    }))
    return files.filter((file) => file !== null)
  }

  /** Starts one now; resolves with its name once it started (the copy goes on in the background). */
  async function start(): Promise<{ message: string; file: string }> {
    const { dir, backup } = configured()
    if (running || backup.running) throw conflict(BACKUP_RUNNING)
    const taken = new Set((await list()).map((entry) => entry.file))
    let at = now()
    // Two backups in the same second (one asked for right after another): the next free second.
    while (taken.has(backupName(at))) at = new Date(at.getTime() + 1000)
    const file = backupName(at)
    if (running || backup.running) throw conflict(BACKUP_RUNNING)
    running = make(dir, file).finally(() => { running = undefined })
    return { message: BACKUP_STARTED, file }
  }

  async function make(dir: string, file: string): Promise<void> {
    const { backup, keep } = configured()
    try {
      await mkdir(dir, { recursive: true })
      await backup.copyTo(join(dir, file))
      await prune(dir, keep)
    } catch (error) {
      log(`Backup ${join(dir, file)} failed: ${error instanceof Error ? error.message : String(error)}; the next one is tried at the next interval`)
    }
  }

  async function prune(dir: string, keep: number): Promise<void> {
    for (const old of (await list()).slice(keep)) await rm(join(dir, old.file), { force: true })
  }

  function scheduleIn(ms: number): void {
    if (stopped || !schedule) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      const began = now().getTime()
      scheduled = start().then(() => running, (error: unknown) => {
        log(`Backup failed: ${error instanceof Error ? error.message : String(error)}; the next one is tried at the next interval`)
      }).finally(() => {
        scheduled = undefined
        scheduleIn(Math.max(0, began + schedule.everyMs - now().getTime()))
      })
    }, ms)
    timer.unref()
  }

  return {
    list,
    start,
    /** Removes files a killed backup left, then backs up on schedule (nothing without a folder). */
    async startSchedule(): Promise<void> {
      if (!schedule || !store.backup || store.backup.unavailable || !stopped) return
      stopped = false
      const { dir, everyMs } = schedule
      const names = await readdir(dir).catch(() => [] as string[])
      for (const name of names.filter((entry) => PARTIAL.test(entry))) await rm(join(dir, name), { force: true })
      const newest = (await list().catch(() => []))[0]
      const due = newest ? Date.parse(newest.created_at) + everyMs - now().getTime() : 0
      scheduleIn(Math.max(0, due))
    },
    /** Stops scheduling; a backup under way stops when the database closes (its partial file is removed). */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
    },
    /** Resolves when no backup of this process is under way (tests). */
    settled: async (): Promise<void> => {
      while (scheduled || running) await (scheduled ?? running)
    },
  }
}
