// Opens the database as the writer, inserts the given number of rows (journaled, not
// checkpointed), prints "ready" and holds the lock until stdin closes.
// usage: node hold-writer.mjs <durable-db module URL> <database file> <rows>
const [moduleUrl, file, rows] = process.argv.slice(2)
const { openSqlDatabase } = await import(moduleUrl)
const db = await openSqlDatabase({ file, idleCheckpointMs: 60_000 })
await db.write((w) => w.run('CREATE TABLE t (id INTEGER PRIMARY KEY)'))
for (let i = 1; i <= Number(rows); i++) await db.write((w) => w.run('INSERT INTO t (id) VALUES (?)', [i]))
process.stdout.write('ready\n')
process.stdin.resume()
process.stdin.on('end', () => db.close().then(() => process.exit(0)))
