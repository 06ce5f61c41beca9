// Background work in a child process at the lowest CPU priority: the backups' integrity checks
// (verify.ts) and the CLI's PostgreSQL backups. A server's requests always get the CPU first.
import { existsSync } from 'node:fs'
import { setPriority } from 'node:os'
import { delimiter, join } from 'node:path'

/**
 * The lowest nice value. Background work that runs for minutes (a check reads the whole copy) at
 * this priority takes only the CPU the server's requests leave over.
 */
export const IDLE_NICE = 19

/**
 * On Linux the child also runs under SCHED_IDLE, through util-linux's `chrt` where the system has
 * it. Linux's scheduler (EEVDF, since 6.6) lets even a nice-19 process finish its time slice
 * before a waking process gets the CPU, and the server wakes thousands of times a second (every
 * request, every fsync): at nice 19 alone, the votes' p99 rose from ~40 to ~52 ms during the
 * check of a 10M-vote backup. A SCHED_IDLE process gives way at once. Elsewhere: nice alone.
 */
export const idleScheduler: string | undefined = process.platform === 'linux'
  ? (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'chrt')).find((path) => existsSync(path))
  : undefined

/** The command line (command first) that runs `commandLine` under SCHED_IDLE where there is one. */
export function atIdlePriority(commandLine: string[]): string[] {
  return idleScheduler ? [idleScheduler, '--idle', '0', ...commandLine] : commandLine
}

/** Lowers a child started with atIdlePriority to nice 19 too (chrt runs it in its own process: the same pid). */
export function lowerToIdle(pid: number | undefined): void {
  if (pid === undefined) return // it could not start: its own error says why
  try {
    setPriority(pid, IDLE_NICE)
  } catch {
    // A system that refuses (or has already reaped a child that ended at once): it runs at the parent's priority.
  }
}
