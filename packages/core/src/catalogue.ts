// Catalogues bundled with the package: the Jackbox games, as CSV.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { invalidInput } from './errors.ts'

export const BUILTIN_CATALOGUES = ['jackbox'] as const
export type BuiltinCatalogue = (typeof BUILTIN_CATALOGUES)[number]

/** The CSV text of a bundled catalogue, from the package's `data/` folder. */
export function readBuiltinCatalogue(name: string = 'jackbox'): string {
  if (!(BUILTIN_CATALOGUES as readonly string[]).includes(name)) {
    throw invalidInput(`Unknown built-in catalogue: ${name} (available: ${BUILTIN_CATALOGUES.join(', ')})`)
  }
  // Found through the package name, not this file's place: the CLI bundles this code elsewhere.
  const packageJson = createRequire(import.meta.url).resolve('@game-picker/core/package.json')
  return readFileSync(join(dirname(packageJson), 'data', `${name}-catalogue.csv`), 'utf8')
}
