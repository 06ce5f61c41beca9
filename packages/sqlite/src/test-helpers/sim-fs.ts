// A FileIO in memory that records every change, so a test can rebuild what a disk would hold
// after a power cut at any byte of any write: replay the changes up to that byte (the write it
// falls in torn there), and optionally drop everything each file had not fsynced.
import type { FileIO } from '../file-io.ts'

const CHUNK = 4096

/** A file as copy-on-write chunks: forks share chunks, a write replaces the ones it touches. */
class SimFile {
  chunks: Map<number, Uint8Array>
  size: number
  /** The file as the last fsync left it (what survives a power cut that drops unsynced writes). */
  synced: { chunks: Map<number, Uint8Array>; size: number }

  constructor(chunks = new Map<number, Uint8Array>(), size = 0, synced?: SimFile['synced']) {
    this.chunks = chunks
    this.size = size
    this.synced = synced ?? { chunks: new Map(chunks), size }
  }

  fork(): SimFile {
    return new SimFile(new Map(this.chunks), this.size, { chunks: new Map(this.synced.chunks), size: this.synced.size })
  }

  read(buffer: Uint8Array, position: number): number {
    const end = Math.min(this.size, position + buffer.length)
    for (let at = position; at < end; ) {
      const index = Math.floor(at / CHUNK)
      const upto = Math.min(end, (index + 1) * CHUNK)
      const chunk = this.chunks.get(index)
      if (chunk) buffer.set(chunk.subarray(at - index * CHUNK, upto - index * CHUNK), at - position)
      else buffer.fill(0, at - position, upto - position)
      at = upto
    }
    return Math.max(0, end - position)
  }

  write(data: Uint8Array, position: number): void {
    for (let done = 0; done < data.length; ) {
      const at = position + done
      const index = Math.floor(at / CHUNK)
      const within = at - index * CHUNK
      const length = Math.min(data.length - done, CHUNK - within)
      const chunk = new Uint8Array(CHUNK)
      const old = this.chunks.get(index)
      if (old) chunk.set(old)
      chunk.set(data.subarray(done, done + length), within)
      this.chunks.set(index, chunk)
      done += length
    }
    this.size = Math.max(this.size, position + data.length)
  }

  truncate(size: number): void {
    for (const index of this.chunks.keys()) if (index * CHUNK >= size) this.chunks.delete(index)
    const last = Math.floor(size / CHUNK)
    const chunk = this.chunks.get(last)
    if (chunk && size % CHUNK) {
      const cut = chunk.slice()
      cut.fill(0, size % CHUNK)
      this.chunks.set(last, cut)
    }
    this.size = size
  }

  sync(): void {
    this.synced = { chunks: new Map(this.chunks), size: this.size }
  }

  contents(): Buffer {
    const out = Buffer.alloc(this.size)
    this.read(out, 0)
    return out
  }
}

export type SimOp =
  | { kind: 'write'; path: string; data: Uint8Array; position: number }
  | { kind: 'sync' | 'remove'; path: string }
  | { kind: 'truncate'; path: string; size: number }
  | { kind: 'rename'; path: string; to: string }

export class SimFS implements FileIO {
  files: Map<string, SimFile>
  /** Every change, in order (only while recording). */
  ops: SimOp[] | null = null

  constructor(files = new Map<string, SimFile>()) {
    this.files = files
  }

  /** A disk holding `contents` (path -> bytes), all of it synced. */
  static of(contents: Record<string, Uint8Array>): SimFS {
    const fs = new SimFS()
    for (const [path, data] of Object.entries(contents)) {
      const file = new SimFile()
      file.write(data, 0)
      file.sync()
      fs.files.set(path, file)
    }
    return fs
  }

  fork(): SimFS {
    return new SimFS(new Map([...this.files].map(([path, file]) => [path, file.fork()])))
  }

  record(): this {
    this.ops = []
    return this
  }

  /** Bytes written by the recorded ops. */
  get writtenBytes(): number {
    return (this.ops ?? []).reduce((sum, op) => sum + (op.kind === 'write' ? op.data.length : 0), 0)
  }

  /**
   * What the disk holds after a power cut at op `index`, `bytes` bytes into it (a write cut
   * there); with `dropUnsynced`, every file falls back to its last fsync.
   */
  crashState(ops: SimOp[], index: number, bytes: number, dropUnsynced: boolean): SimFS {
    const disk = this.fork()
    ops.slice(0, index).forEach((op) => disk.apply(op))
    const torn = ops[index]
    if (torn?.kind === 'write' && bytes > 0) disk.apply({ ...torn, data: torn.data.subarray(0, bytes) })
    if (dropUnsynced) {
      for (const [path, file] of disk.files) disk.files.set(path, new SimFile(new Map(file.synced.chunks), file.synced.size))
    }
    return disk
  }

  apply(op: SimOp): void {
    this.ops?.push(op.kind === 'write' ? { ...op, data: op.data.slice() } : op)
    const file = () => {
      let found = this.files.get(op.path)
      if (!found) this.files.set(op.path, (found = new SimFile()))
      return found
    }
    if (op.kind === 'write') file().write(op.data, op.position)
    else if (op.kind === 'sync') file().sync()
    else if (op.kind === 'truncate') file().truncate(op.size)
    else if (op.kind === 'remove') this.files.delete(op.path)
    else if (op.kind === 'rename') {
      const moved = this.files.get(op.path)
      if (!moved) throw Object.assign(new Error(`ENOENT: ${op.path}`), { code: 'ENOENT' })
      this.files.delete(op.path)
      this.files.set(op.to, moved)
    }
  }

  readSync(path: string, buffer: Uint8Array, position: number): number {
    return this.files.get(path)?.read(buffer, position) ?? 0
  }
  async read(path: string, buffer: Uint8Array, position: number) {
    return this.readSync(path, buffer, position)
  }
  async readFile(path: string) {
    return this.files.get(path)?.contents() ?? null
  }
  async size(path: string) {
    return this.files.get(path)?.size ?? null
  }
  async write(path: string, data: Uint8Array, position: number) {
    this.apply({ kind: 'write', path, data, position })
  }
  async sync(path: string) {
    this.apply({ kind: 'sync', path })
  }
  async truncate(path: string, size: number) {
    this.apply({ kind: 'truncate', path, size })
  }
  async rename(from: string, to: string) {
    this.apply({ kind: 'rename', path: from, to })
  }
  async remove(path: string) {
    if (this.files.has(path)) this.apply({ kind: 'remove', path })
  }
  async syncDirectory() {}
  async close() {}
}
