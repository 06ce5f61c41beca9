// The backups port: the folder of copies a server keeps of its database (a file database, also
// of a PostgreSQL one), as the API lists and starts them (`@game-picker/sqlite` has the folder).
// Without one, both routes answer why not.
import { invalidInput } from '../common/errors.ts'
import type { Store } from './store.ts'

export const NOT_CONFIGURED = 'Backups are not configured'
export const BACKUP_RUNNING = 'A backup is already running'
export const BACKUP_STARTED = 'Backup started'
/** The shortest interval between scheduled backups. */
export const MIN_BACKUP_INTERVAL_MS = 10_000

export interface BackupSchedule {
  dir: string
  everyMs: number
  /** Backups kept: the newest N. */
  keep: number
}

export interface BackupFile {
  /** The name, without its folder. */
  file: string
  size: number
  /** When it started, ISO UTC (from its name). */
  created_at: string
}

export interface Backups {
  /** The backups kept, newest first. */
  list(): Promise<BackupFile[]>
  /** Starts one now; resolves with its name once it started (the copy goes on in the background). */
  start(): Promise<{ message: string; file: string }>
  /** Removes what a killed backup left, then backs up on schedule (nothing without a folder). */
  startSchedule(): Promise<void>
  /** Stops scheduling; a backup under way stops when the database closes. */
  stop(): Promise<void>
  /** Resolves when no backup of this process is under way (tests). */
  settled(): Promise<void>
}

/** Why a store has no backups here: one in memory has nothing to copy; otherwise they need a folder. */
export function backupsUnavailable(store: Store): string {
  return store.backup?.unavailable ?? NOT_CONFIGURED
}

/** Backups where none are configured: both routes answer 400 with the reason. */
export function noBackups(store: Store): Backups {
  const refuse = async (): Promise<never> => { throw invalidInput(backupsUnavailable(store)) }
  return { list: refuse, start: refuse, startSchedule: async () => {}, stop: async () => {}, settled: async () => {} }
}
