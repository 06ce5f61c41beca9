// Stand-in for `game-picker pick --json --db FILE --players 6` while the CLI is not built:
// what the command must at least do (load core + sql.js, open the file read-only, pick, print).
// Its time is the floor of the real command's cold start.
import { parseArgs } from 'node:util'
import { dist, load } from './common.mjs'

const { values } = parseArgs({ options: { db: { type: 'string' }, players: { type: 'string' }, json: { type: 'boolean' } } })
const { createCore } = await load(dist.core)
const { createSqliteStore } = await load(dist.sqlite)
const core = createCore({ store: await createSqliteStore({ file: values.db, readOnly: true }) })
const result = await core.picker.pick({ playerCount: Number(values.players) })
await core.close()
process.stdout.write(`${JSON.stringify(result)}\n`)
