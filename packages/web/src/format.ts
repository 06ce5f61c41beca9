// How numbers and dates read on every view.
import type { Game } from './types.ts'

/** Votes as the room reads them: `+3 / -1`. */
export const formatVotes = (up: number, down: number) => `+${up} / -${down}`

export const formatPlayers = (game: Pick<Game, 'min_players' | 'max_players'>) =>
  game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}–${game.max_players} players`

export const formatLength = (minutes: number | null) => (minutes === null ? 'length unknown' : `${minutes} min`)

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
export const formatDate = (iso: string) => dateFormat.format(new Date(iso))

export const formatPercent = (probability: number) => `${(probability * 100).toFixed(1)}%`

/** Party Pack 2 before Party Pack 10. */
export const byNaturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`
