// Catalogues bundled with the package (decisions §3): the Jackbox games, as CSV.
import { readFileSync } from 'node:fs'
import { invalidInput } from './errors.ts'

export const BUILTIN_CATALOGUES = ['jackbox'] as const
export type BuiltinCatalogue = (typeof BUILTIN_CATALOGUES)[number]

/** The CSV text of a bundled catalogue; `data/` sits beside both `src/` and `dist/`. */
export function readBuiltinCatalogue(name: string = 'jackbox'): string {
  if (!(BUILTIN_CATALOGUES as readonly string[]).includes(name)) {
    throw invalidInput(`Unknown built-in catalogue: ${name} (available: ${BUILTIN_CATALOGUES.join(', ')})`)
  }
  return readFileSync(new URL(`../data/${name}-catalogue.csv`, import.meta.url), 'utf8')
}
