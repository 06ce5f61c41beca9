// Writes rows as fast as it can from several concurrent loops and prints each id once its
// write is acknowledged; the test kills it with SIGKILL mid-stream.
// usage: node crash-writer.mjs <durable-db module URL> <database file> <first id>
const [moduleUrl, file, firstId] = process.argv.slice(2)
const { openSqlDatabase } = await import(moduleUrl)
const db = await openSqlDatabase({
  file,
  checkpointBytes: 32 * 1024, // checkpoint often, so the kill also lands during checkpoints
  idleCheckpointMs: 1,
})
// Its own table, so the writer also runs on a copy of a real database.
await db.write((w) => w.run('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)'))
let next = Number(firstId)
async function loop() {
  for (;;) {
    const id = next++
    await db.write((w) => w.run('INSERT INTO t (id, payload) VALUES (?, ?)', [id, `row ${id} `.repeat(10)]))
    process.stdout.write(`${id}\n`) // synchronous on a pipe (Linux): printed means acknowledged
  }
}
for (let i = 0; i < 8; i++) loop()
