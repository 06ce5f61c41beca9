// The depth of every B-tree (table and index) of a SQLite file: how many pages an insert or a
// lookup walks from the root to a leaf. sql.js has no dbstat, so the pages are read straight
// from the file (a checkpointed file: the bench closes the database first), following each
// tree's right-most pointers, the edge an import in time order appends at.
// Usage: node bench/lib/btree-depth.mjs FILE
import { closeSync, openSync, readSync } from 'node:fs'
import { dist, load } from './common.mjs'

const INTERIOR = new Set([0x02, 0x05]) // index, table interior page

/** { name: depth } for every B-tree of `file` (a table's or an index's name, as in sqlite_master). */
export async function btreeDepths(file) {
  const { openSqlDatabase } = await load(dist.sqlite)
  const db = await openSqlDatabase({ file, readOnly: true })
  let roots
  try {
    roots = await db.read((r) => r.all("SELECT name, rootpage FROM sqlite_master WHERE rootpage > 0 ORDER BY name"))
  } finally {
    await db.close()
  }
  const fd = openSync(file, 'r')
  try {
    const header = Buffer.alloc(100)
    readSync(fd, header, 0, 100, 0)
    const size = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16)
    const page = Buffer.alloc(size)
    const depths = {}
    for (const { name, rootpage } of roots) {
      let depth = 1
      for (let at = rootpage; ; depth++) {
        readSync(fd, page, 0, size, (at - 1) * size)
        const start = at === 1 ? 100 : 0 // page 1 begins with the file header
        if (!INTERIOR.has(page[start])) break
        at = page.readUInt32BE(start + 8) // the right-most child
      }
      depths[name] = depth
    }
    return depths
  } finally {
    closeSync(fd)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await btreeDepths(process.argv[2]), null, 2))
