// Every byte the sqlite store reads from or writes to its files goes through a FileIO, so a test
// can record the writes and replay any prefix of them (a power cut at any byte). Page reads are
// synchronous because SQLite asks for pages synchronously (other reads need not be); everything
// that changes a file is asynchronous, so no write or fsync ever blocks the event loop.
import * as fs from 'node:fs'
import { promisify } from 'node:util'

export interface FileIO {
  /** Reads into `buffer` from `position`; the bytes read (fewer at the end of the file, 0 if it is missing). */
  readSync(path: string, buffer: Uint8Array, position: number): number
  /** As readSync, off the event loop: for reads nothing waits on synchronously (a backup's). */
  read(path: string, buffer: Uint8Array, position: number): Promise<number>
  /** The whole file, or null if it does not exist. */
  readFile(path: string): Promise<Buffer | null>
  /** The file's size, or null if it does not exist. */
  size(path: string): Promise<number | null>
  /** Writes `data` at `position`, creating the file if needed. */
  write(path: string, data: Uint8Array, position: number): Promise<void>
  /** Makes the file's data reach the disk. */
  sync(path: string): Promise<void>
  truncate(path: string, size: number): Promise<void>
  rename(from: string, to: string): Promise<void>
  /** Removes the file if it exists. */
  remove(path: string): Promise<void>
  /** Makes creations, renames and removals in `dir` survive a power cut. */
  syncDirectory(dir: string): Promise<void>
  /** Closes every file this FileIO opened. */
  close(): Promise<void>
}

const read = promisify(fs.read)
const write = promisify(fs.write)
const fdatasync = promisify(fs.fdatasync)
const ftruncate = promisify(fs.ftruncate)
const close = promisify(fs.close)

/** The real file system, one descriptor per file kept open. */
export function createNodeFileIO(): FileIO {
  const handles = new Map<string, { fd: number; writable: boolean }>()

  const handle = (path: string, writable: boolean): number | null => {
    const open = handles.get(path)
    if (open && (open.writable || !writable)) return open.fd
    if (open) {
      fs.closeSync(open.fd)
      handles.delete(path)
    }
    try {
      const fd = fs.openSync(path, writable ? fs.constants.O_RDWR | fs.constants.O_CREAT : fs.constants.O_RDONLY, 0o644)
      handles.set(path, { fd, writable })
      return fd
    } catch (error) {
      if (!writable && isCode(error, 'ENOENT')) return null
      throw error
    }
  }
  const forget = async (path: string) => {
    const open = handles.get(path)
    handles.delete(path)
    if (open) await close(open.fd)
  }

  return {
    readSync(path, buffer, position) {
      const fd = handle(path, false)
      if (fd === null) return 0
      let done = 0
      while (done < buffer.length) {
        const n = fs.readSync(fd, buffer, done, buffer.length - done, position + done)
        if (n === 0) break
        done += n
      }
      return done
    },
    async read(path, buffer, position) {
      const fd = handle(path, false)
      if (fd === null) return 0
      let done = 0
      while (done < buffer.length) {
        const { bytesRead } = await read(fd, buffer, done, buffer.length - done, position + done)
        if (bytesRead === 0) break
        done += bytesRead
      }
      return done
    },
    async readFile(path) {
      try {
        return await fs.promises.readFile(path)
      } catch (error) {
        if (isCode(error, 'ENOENT')) return null
        throw error
      }
    },
    async size(path) {
      try {
        return (await fs.promises.stat(path)).size
      } catch (error) {
        if (isCode(error, 'ENOENT')) return null
        throw error
      }
    },
    async write(path, data, position) {
      const fd = handle(path, true)!
      for (let done = 0; done < data.length; ) {
        done += (await write(fd, data, done, data.length - done, position + done)).bytesWritten
      }
    },
    async sync(path) {
      await fdatasync(handle(path, true)!)
    },
    async truncate(path, size) {
      await ftruncate(handle(path, true)!, size)
    },
    async rename(from, to) {
      await forget(from)
      await forget(to)
      await fs.promises.rename(from, to)
    },
    async remove(path) {
      await forget(path)
      await fs.promises.rm(path, { force: true })
    },
    async syncDirectory(dir) {
      let fd: number | undefined
      try {
        fd = fs.openSync(dir, 'r')
        await promisify(fs.fsync)(fd)
      } catch (error) {
        // Some platforms (Windows) cannot open or fsync a directory; there is nothing more to do.
        if (!isCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EBADF')) throw error
      } finally {
        if (fd !== undefined) fs.closeSync(fd)
      }
    },
    async close() {
      const paths = [...handles.keys()]
      for (const path of paths) await forget(path)
    },
  }
}

export function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '')
}
