// Catalogues bundled with the package: the Jackbox games, as CSV.
import { invalidInput } from '../common/errors.ts'
import { JACKBOX_CATALOGUE_CSV } from './jackbox-catalogue.ts'

export const BUILTIN_CATALOGUES = ['jackbox'] as const
export type BuiltinCatalogue = (typeof BUILTIN_CATALOGUES)[number]

/** The CSV text of a bundled catalogue. */
export function readBuiltinCatalogue(name: string = 'jackbox'): string {
  if (!(BUILTIN_CATALOGUES as readonly string[]).includes(name)) {
    throw invalidInput(`Unknown built-in catalogue: ${name} (available: ${BUILTIN_CATALOGUES.join(', ')})`)
  }
  return JACKBOX_CATALOGUE_CSV
}
