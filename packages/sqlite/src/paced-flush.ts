// Writing a large file beside a server without making its fsyncs wait: the file is flushed a
// little at a time, and after each flush the writer rests as long as the flush took. Left in the
// page cache, the file would be written out in bursts (the kernel's writeback, or the next fsync
// of anyone on the file system: ext4's ordered mode commits newly allocated blocks with it), and
// the servers' commits would wait behind hundreds of megabytes.
import type { FileIO } from './file-io.ts'

/**
 * How much is flushed at a time. Small, because the server's fsyncs wait behind each flush: at
 * 4 MiB, a 10M-vote file backup took the votes' p99 from ~40 to 52-59 ms while it copied; at
 * 1 MiB, 50-55 ms; with the rests of flushAndRest as well, 43-45 ms.
 */
export const SYNC_EVERY = 1024 * 1024

/**
 * Flushes, then waits as long as the flush took: the writer has the disk at most half of the
 * time, and the server's fsyncs find it free the other half.
 */
export async function flushAndRest(sync: () => Promise<void>): Promise<void> {
  const started = performance.now()
  await sync()
  await new Promise((resolve) => setTimeout(resolve, performance.now() - started))
}

/** Counts what is written with `sync` behind it; every SYNC_EVERY bytes, flushes and rests. */
export function flushPacer(sync: () => Promise<void>): (bytes: number) => Promise<void> {
  let unsynced = 0
  return async (bytes) => {
    unsynced += bytes
    if (unsynced < SYNC_EVERY) return
    unsynced = 0
    await flushAndRest(sync)
  }
}

/**
 * For a file nobody opens before it is finished (a backup's partial file and the writer's files
 * beside it): its writer's own fsyncs are skipped (a crash leaves only files to remove; the
 * finished file is fsynced once before its check), and what it writes is flushed a MiB at a time.
 */
export function withPacedFlushes(io: FileIO): FileIO {
  const pacers = new Map<string, (bytes: number) => Promise<void>>()
  return {
    ...io,
    async write(path, data, position) {
      await io.write(path, data, position)
      let pace = pacers.get(path)
      if (!pace) pacers.set(path, (pace = flushPacer(() => io.sync(path))))
      await pace(data.length)
    },
    sync: async () => {},
    syncDirectory: async () => {},
  }
}
