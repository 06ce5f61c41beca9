// CSV export and import of the catalogue.
import { catalogueKey } from './app-tags.ts'
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput, isDomainError } from '../common/errors.ts'
import { readNewGameFields } from './game-fields.ts'
import { freeImportTickers, readTicker } from './tickers.ts'
import type { Game, GameFields } from '../common/types.ts'
import { asFields } from '../common/validate.ts'

export type ImportMode = 'append' | 'replace'
export interface CsvImportResult { message: string; count: number; mode: ImportMode }
export interface CsvImportPlan { count: number; toDelete: number }

const COLUMNS = [
  ['Pack Name', 'pack_name'], ['Title', 'title'], ['Min Players', 'min_players'], ['Max Players', 'max_players'],
  ['Length (minutes)', 'length_minutes'], ['Audience', 'has_audience'], ['Family Friendly', 'family_friendly'],
  ['Game Type', 'game_type'], ['Secondary Type', 'secondary_type'], ['Ticker', 'ticker'],
] as const

/** A row of the file: `ticker` undefined when the file has no Ticker column (the game keeps its own). */
export type CsvGame = GameFields & { ticker?: string | null }
const REQUIRED_HEADERS = ['pack name', 'title', 'min players', 'max players']
const INTEGER_FIELDS = new Set(['min_players', 'max_players', 'length_minutes'])
const FLAG_FIELDS = new Set(['has_audience', 'family_friendly'])

// The CSV libraries load on first use: they would cost every CLI start ~60 ms otherwise.
const loadParse = async () => (await import('csv-parse/sync')).parse
const loadStringify = async () => (await import('csv-stringify/sync')).stringify

export async function gamesToCsv(games: readonly Game[]): Promise<string> {
  const stringify = await loadStringify()
  return stringify(
    games.map((game) => COLUMNS.map(([, key]) => formatCell(game, key))),
    { header: true, columns: COLUMNS.map(([header]) => header), record_delimiter: '\n' },
  )
}

export const csvFilename = (date: Date) => `games-export-${date.toISOString().slice(0, 10)}.csv`

function formatCell(game: Game, key: (typeof COLUMNS)[number][1]): string {
  const value = game[key]
  if (FLAG_FIELDS.has(key)) return value ? 'Yes' : 'No'
  return value === null ? '' : String(value)
}

/** Parses and validates every row; the first bad one rejects the file. Row numbers count the header as row 1. */
export async function parseGamesCsv(csvData: string): Promise<CsvGame[]> {
  const parse = await loadParse()
  let records: string[][]
  try {
    records = parse(csvData, { bom: true, skip_empty_lines: true, relax_column_count: true })
  } catch (error) {
    throw invalidInput(`Invalid CSV: ${(error as Error).message}`)
  }
  const headers = (records[0] ?? []).map((header) => header.trim().toLowerCase())
  const missing = REQUIRED_HEADERS.filter((header) => !headers.includes(header))
  if (missing.length > 0) throw invalidInput(`CSV header is missing: ${missing.join(', ')}`)
  const fieldAt = headers.map((header) => COLUMNS.find(([name]) => name.toLowerCase() === header)?.[1])
  const hasTickers = fieldAt.includes('ticker')

  const seen = new Map<string, number>()
  const tickers = new Set<string>()
  return records.slice(1).map((record, i) => {
    const rowNumber = i + 2
    try {
      const cells = rowFields(record, fieldAt)
      const fields: CsvGame = readNewGameFields(cells)
      const key = `${fields.pack_name}\u0000${fields.title}`
      const first = seen.get(key)
      if (first !== undefined) throw invalidInput(`duplicate of row ${first}`)
      seen.set(key, rowNumber)
      if (hasTickers) fields.ticker = readTicker(cells.ticker ?? null)
      if (fields.ticker) {
        if (tickers.has(fields.ticker)) throw invalidInput(`Ticker already in use: ${fields.ticker}`)
        tickers.add(fields.ticker)
      }
      return fields
    } catch (error) {
      if (isDomainError(error)) throw invalidInput(`Row ${rowNumber}: ${error.message}`)
      throw error
    }
  })
}

function rowFields(record: string[], fieldAt: (string | undefined)[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  record.forEach((raw, column) => {
    const key = fieldAt[column]
    const cell = raw.trim()
    if (!key || cell === '') return
    if (INTEGER_FIELDS.has(key)) fields[key] = /^-?\d+$/.test(cell) ? Number(cell) : cell
    else if (FLAG_FIELDS.has(key)) fields[key] = parseFlag(cell, key)
    else fields[key] = cell
  })
  return fields
}

function parseFlag(cell: string, key: string): boolean {
  const value = cell.toLowerCase()
  if (['yes', 'true', '1'].includes(value)) return true
  if (['no', 'false', '0'].includes(value)) return false
  throw invalidInput(`${key} must be Yes or No`)
}

async function readImportRequest(input: unknown): Promise<{ games: CsvGame[]; mode: ImportMode }> {
  const fields = asFields(input)
  if (typeof fields.csvData !== 'string' || fields.csvData.trim() === '') throw invalidInput('CSV data required')
  const mode = fields.mode ?? 'append'
  if (mode !== 'append' && mode !== 'replace') throw invalidInput('mode must be append or replace')
  return { games: await parseGamesCsv(fields.csvData), mode }
}

export function createCsv(ctx: CoreContext) {
  const { store } = ctx
  const gameKey = (game: Pick<GameFields, 'pack_name' | 'title'>) => catalogueKey(game.pack_name, game.title)

  return {
    export: async (): Promise<{ filename: string; csv: string }> =>
      ({ filename: csvFilename(ctx.now()), csv: await gamesToCsv(await store.read((tx) => tx.listGames())) }),

    /** What an import would do, for a confirmation prompt; changes nothing. */
    plan: async (input: unknown): Promise<CsvImportPlan> => {
      const { games, mode } = await readImportRequest(input)
      const keys = new Set(games.map(gameKey))
      return store.read(async (tx) => ({
        count: games.length,
        toDelete: mode === 'replace' ? (await tx.listGames()).filter((game) => !keys.has(gameKey(game))).length : 0,
      }))
    },

    /**
     * Upserts by (pack, title) in one transaction; `replace` also deletes the games not in the file.
     * The file carries no app tags: `appTags` (the bundled catalogue's) gives them to games that have none.
     */
    import: async (input: unknown, appTags?: ReadonlyMap<string, string[]>): Promise<CsvImportResult> => {
      const { games, mode } = await readImportRequest(input)
      return store.transaction(async (tx) => {
        const existing = new Map((await tx.listGames()).map((game) => [gameKey(game), game]))
        // The games a replace drops go first, so the file may give their tickers to others.
        if (mode === 'replace') {
          const keep = new Set(games.map(gameKey))
          for (const [key, game] of existing) {
            if (keep.has(key)) continue
            await tx.deleteGame(game.id)
            existing.delete(key)
          }
        }
        await freeImportTickers(tx, [...existing.values()], games, gameKey)
        const createdAt = isoNow(ctx)
        for (const fields of games) {
          await tx.ensurePack(fields.pack_name, createdAt)
          const current = existing.get(gameKey(fields))
          const tags = appTags?.get(gameKey(fields)) ?? []
          if (current) await tx.updateGame(current.id, current.app_tags.length === 0 && tags.length > 0 ? { ...fields, app_tags: tags } : fields)
          else await tx.insertGame({ ...fields, ticker: fields.ticker ?? null, enabled: 1, favor_bias: 0, created_at: createdAt, app_tags: tags })
        }
        return { message: `Successfully imported ${games.length} games`, count: games.length, mode }
      })
    },
  }
}
