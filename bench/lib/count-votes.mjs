// Opens a database file read-only (journal replayed, no lock needed, as after a crash) and
// prints the number of votes of --session as one JSON line.
import { parseArgs } from 'node:util'
import { dist, load } from './common.mjs'

const { values } = parseArgs({ options: { db: { type: 'string' }, session: { type: 'string' } } })
const { createSqliteStore } = await load(dist.sqlite)
const store = await createSqliteStore({ file: values.db, readOnly: true })
const votes = await store.read((tx) => tx.listVotes(Number(values.session)))
await store.close()
process.stdout.write(`${JSON.stringify({ votes: votes.length })}\n`)
