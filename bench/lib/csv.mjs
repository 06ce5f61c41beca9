// CSV import of --games N games (in N/20 packs) into a fresh file-backed database, then the
// export of the same catalogue, through the core directly (core.csv.import / core.csv.export,
// what POST /api/games/import/csv and GET /api/games/export/csv call). Prints one JSON line.
import { rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { dist, load, MB } from './common.mjs'
import { catalogueCsv } from './data.mjs'

const { values } = parseArgs({ options: { games: { type: 'string' }, dir: { type: 'string' } } })
const games = Number(values.games)
const { createCore } = await load(dist.core)
const { createSqliteStore } = await load(dist.sqlite)
const file = `${values.dir}/csv-${games}.sqlite`
for (const f of [file, `${file}-journal`, `${file}.lock`]) rmSync(f, { force: true }) // a fresh database
const core = createCore({ store: await createSqliteStore({ file }) })
const csvData = catalogueCsv(games, Math.ceil(games / 20))

const result = { games, csvKb: Buffer.byteLength(csvData) / 1024 }
let start = performance.now()
result.imported = (await core.csv.import({ csvData, mode: 'append' })).count
result.importMs = performance.now() - start
result.importPeakRssMb = process.resourceUsage().maxRSS / 1024
start = performance.now()
const exported = await core.csv.export()
result.exportMs = performance.now() - start
result.exportKb = Buffer.byteLength(exported.csv) / 1024
// Re-importing the export (append = upsert of every row) must be an identical no-op in count.
start = performance.now()
result.reimportMs = (await core.csv.import({ csvData: exported.csv, mode: 'append' }), performance.now() - start)
await core.close()
result.peakRssMb = process.resourceUsage().maxRSS / 1024
process.stdout.write(`${JSON.stringify(result)}\n`)
