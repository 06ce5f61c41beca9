// Jackbox app tags: the name the room service gives the game a room runs (its `appTag`). A game
// may have several (a Party Starter `-tjsp` build, a renamed international edition) and one tag
// may sit on two games (the standalone Quiplash and Quiplash XL). Matching is exact.
import { invalidInput } from '../common/errors.ts'
import type { Fields } from '../common/validate.ts'
import { JACKBOX_APP_TAGS_CSV } from './jackbox-app-tags.ts'

export const APP_TAG = /^[a-z0-9-]{2,40}$/
export const INVALID_APP_TAGS = 'app_tags must be an array of lowercase tags'

/** `app_tags` of a POST or PUT body: undefined when absent; each tag once, in the given order. */
export function readAppTags(fields: Fields): string[] | undefined {
  const value = fields.app_tags
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every((tag) => typeof tag === 'string' && APP_TAG.test(tag))) {
    throw invalidInput(INVALID_APP_TAGS)
  }
  return [...new Set(value as string[])]
}

/** The stored JSON text of a game's tags (both stores keep them so). */
export const appTagsText = (tags: readonly string[]) => JSON.stringify(tags)

/** A game's key in the catalogue: its pack and title. */
export const catalogueKey = (packName: string, title: string) => `${packName}\u0000${title}`

let bundled: Map<string, string[]> | undefined

/**
 * The tags of the bundled Jackbox games by (pack, title), from
 * `jackbox-app-tags.ts`: plain comma-separated cells (no quoting, the file has none), the
 * tags of a game separated by spaces, blank where none is known. At once: the
 * migration that gives older databases these tags is built from them.
 */
export function bundledAppTags(): ReadonlyMap<string, string[]> {
  if (bundled) return bundled
  const text = JACKBOX_APP_TAGS_CSV
  bundled = new Map()
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (line.trim() === '') continue
    if (line.includes('"')) throw new Error(`jackbox-app-tags.csv: quoted cells are not supported: ${line}`)
    const [pack = '', title = '', tagList = ''] = line.split(',')
    const tags = tagList.split(/\s+/).filter((tag) => tag !== '')
    const bad = tags.find((tag) => !APP_TAG.test(tag))
    if (bad) throw new Error(`jackbox-app-tags.csv: not an app tag: ${bad}`)
    if (tags.length > 0) bundled.set(catalogueKey(pack, title), tags)
  }
  return bundled
}

/** Statements giving the bundled tags to games of that pack and title that have none yet. */
export function bundledAppTagUpdates(): string {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`
  return [...bundledAppTags()].map(([key, tags]) => {
    const [pack, title] = key.split('\u0000')
    return `UPDATE games SET app_tags = ${quote(appTagsText(tags))} WHERE pack_name = ${quote(pack)} AND title = ${quote(title)} AND app_tags = '[]';`
  }).join('\n')
}
