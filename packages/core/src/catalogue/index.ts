// The catalogue: games, packs, tickers, Jackbox app tags, the list filters, CSV import and
// export, and the bundled Jackbox catalogue.
export { parseGameFilter, matchesFilter } from './filters.ts'
export { BUILTIN_CATALOGUES, readBuiltinCatalogue } from './catalogue.ts'
export { APP_TAG, appTagsText, bundledAppTags, bundledAppTagUpdates } from './app-tags.ts'
export { BUNDLED_TICKERS, bundledTickersSql } from './bundled-tickers.ts'
export type { CsvImportResult, CsvImportPlan, ImportMode } from './csv.ts'
