// Runs SQLite's integrity_check on a finished backup file, in a child process of its own: on a
// large database the check takes many seconds in one synchronous sql.js call, which on the
// server's thread would stall every request; in its own process its memory (a second sql.js
// with its page cache) is not the server's and is all returned when it exits, and a fault in it
// cannot take the server down. Plain JavaScript, because the process is started on this file as
// it is (under tests too, where the store's TypeScript is compiled on the fly).
// usage: node integrity-check.mjs FILE; prints one JSON line { problems: [...] } (none: ok).
//
// The file is paged in through a read-only stand-in for sql.js's in-memory file (the same trick
// as paged-file.ts, without its write side): the backup of a large database is never loaded whole.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'

const file = process.argv[2]
const initSqlJs = createRequire(import.meta.url)('sql.js')

class ReadOnlyFile {
  #adopted = false
  constructor(fd, size) {
    this.fd = fd
    this.size = size
  }
  // sql.js reads `length` as the file's size, then as its storage's capacity (never to grow).
  get length() { return this.#adopted ? Number.MAX_SAFE_INTEGER : this.size }
  // sql.js "copies" the contents with slice(0, length) when it opens the file: adopt this object.
  slice(start = 0, end = this.size) {
    if (start === 0 && end === this.size && !this.#adopted) {
      this.#adopted = true
      return this
    }
    return this.subarray(start, end)
  }
  subarray(start, end) {
    const out = new Uint8Array(end - start)
    for (let done = 0; done < out.length;) {
      const n = readSync(this.fd, out, done, out.length - done, start + done)
      if (n === 0) break // past the end reads as zeros
      done += n
    }
    return out
  }
  set() { throw new Error('the integrity check never writes the backup') }
}

const fd = openSync(file, 'r')
try {
  const SQL = await initSqlJs()
  const { size } = fstatSync(fd)
  const db = new SQL.Database(new ReadOnlyFile(fd, size))
  try {
    db.exec('PRAGMA query_only = ON; PRAGMA cache_size = -4096')
    let problems
    try {
      const rows = db.exec('PRAGMA integrity_check')[0]?.values.map(([line]) => String(line)) ?? []
      problems = rows.length === 1 && rows[0] === 'ok' ? [] : rows.slice(0, 10)
    } catch (error) {
      problems = [String(error?.message ?? error)] // damage bad enough that SQLite gives up reading
    }
    process.stdout.write(`${JSON.stringify({ problems })}\n`)
  } finally {
    db.close()
  }
} finally {
  closeSync(fd)
}
