// How records read in a terminal: the table columns and one-line labels every command shares.
import type { ApiToken, AuditEntry, FavorBias, Game, Pack, PackMeta, Session, SessionGame, Vote, Webhook, WebhookLog } from '@game-picker/core'
import { type Column, formatFields } from './table.ts'

const FAVOR_WORD: Record<FavorBias, string> = { 1: 'favor', 0: 'neutral', [-1]: 'disfavor' }
export const favorWord = (favor: FavorBias) => FAVOR_WORD[favor]
const yesNo = (flag: number | boolean) => (flag ? 'yes' : 'no')
const players = (row: { min_players: number; max_players: number }) =>
  row.min_players === row.max_players ? String(row.min_players) : `${row.min_players}-${row.max_players}`
/** ISO times shortened to minutes for tables; JSON keeps the full value. */
const time = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : null)

export const gameLabel = (game: Pick<Game, 'id' | 'title' | 'pack_name'>) => `#${game.id} ${game.title} (${game.pack_name})`

export const GAME_COLUMNS: Column<Game>[] = [
  { header: 'ID', value: (game) => game.id },
  { header: 'Pack', value: (game) => game.pack_name },
  { header: 'Title', value: (game) => game.title },
  { header: 'Players', value: players, align: 'right' },
  { header: 'Min', value: (game) => game.length_minutes },
  { header: 'Type', value: (game) => game.game_type },
  { header: 'Enabled', value: (game) => yesNo(game.enabled) },
  { header: 'Favor', value: (game) => (game.favor_bias === 0 ? '' : favorWord(game.favor_bias)) },
  { header: 'Plays', value: (game) => game.play_count },
  { header: 'Score', value: (game) => game.popularity_score },
]

export function describeGame(game: Game): string {
  return formatFields([
    ['ID', game.id], ['Title', game.title], ['Pack', game.pack_name], ['Players', players(game)],
    ['Length (min)', game.length_minutes], ['Type', game.game_type], ['Secondary type', game.secondary_type],
    ['Audience', yesNo(game.has_audience)], ['Family friendly', yesNo(game.family_friendly)],
    ['Enabled', yesNo(game.enabled)], ['Favor', favorWord(game.favor_bias)], ['Plays', game.play_count],
    ['Votes', `+${game.upvotes} / -${game.downvotes} (score ${game.popularity_score})`], ['Added', game.created_at],
  ])
}

export type PackRow = Pack & Omit<PackMeta, 'name'>

export const PACK_COLUMNS: Column<PackRow>[] = [
  { header: 'Pack', value: (pack) => pack.name },
  { header: 'Games', value: (pack) => pack.total_count },
  { header: 'Enabled', value: (pack) => pack.enabled_count },
  { header: 'Plays', value: (pack) => pack.total_plays },
  { header: 'Favor', value: (pack) => favorWord(pack.favor_bias) },
]

export const SESSION_COLUMNS: Column<Session>[] = [
  { header: 'ID', value: (session) => session.id },
  { header: 'Started', value: (session) => time(session.created_at) },
  { header: 'Closed', value: (session) => (session.is_active ? 'active' : time(session.closed_at)) },
  { header: 'Games', value: (session) => session.games_played },
  { header: 'Notes', value: (session) => session.notes },
]

export const describeSession = (session: Session) => formatFields([
  ['Session', `#${session.id}${session.is_active ? ' (active)' : ''}`], ['Started', session.created_at],
  ['Closed', session.closed_at], ['Games played', session.games_played], ['Notes', session.notes],
])

export const SESSION_GAME_COLUMNS: Column<SessionGame>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Game', value: (row) => row.game_id },
  { header: 'Title', value: (row) => row.title },
  { header: 'Pack', value: (row) => row.pack_name },
  { header: 'Status', value: (row) => row.status },
  { header: 'Played at', value: (row) => time(row.played_at) },
  { header: 'Room', value: (row) => row.room_code },
  { header: 'Players', value: (row) => row.player_count },
  { header: 'Player check', value: (row) => row.player_count_check_status },
  { header: 'Votes', value: (row) => `+${row.upvotes}/-${row.downvotes}` },
]

export const WEBHOOK_COLUMNS: Column<Webhook>[] = [
  { header: 'ID', value: (hook) => hook.id },
  { header: 'Name', value: (hook) => hook.name },
  { header: 'URL', value: (hook) => hook.url },
  { header: 'Events', value: (hook) => hook.events.join(',') },
  { header: 'Enabled', value: (hook) => yesNo(hook.enabled) },
]

export const WEBHOOK_LOG_COLUMNS: Column<WebhookLog>[] = [
  { header: 'ID', value: (log) => log.id },
  { header: 'At', value: (log) => log.created_at },
  { header: 'Event', value: (log) => log.event_type },
  { header: 'Status', value: (log) => log.response_status },
  { header: 'Error', value: (log) => log.error_message },
]

export const TOKEN_COLUMNS: Column<ApiToken>[] = [
  { header: 'ID', value: (token) => token.id },
  { header: 'Name', value: (token) => token.name },
  { header: 'Scopes', value: (token) => token.scopes.join(',') },
  { header: 'Created', value: (token) => time(token.created_at) },
  { header: 'Expires', value: (token) => time(token.expires_at) ?? 'never' },
  { header: 'Last used', value: (token) => time(token.last_used_at) ?? 'never' },
]

/** A vote history table; `titles` names the games (a vote holds only the id). */
export const voteColumns = (titles: ReadonlyMap<number, string>): Column<Vote>[] => [
  { header: 'ID', value: (vote) => vote.id, align: 'right' },
  { header: 'At', value: (vote) => vote.timestamp.replace('T', ' ').slice(0, 19) },
  { header: 'Session', value: (vote) => vote.session_id, align: 'right' },
  { header: 'Game', value: (vote) => titles.get(vote.game_id) ?? `#${vote.game_id}` },
  { header: 'User', value: (vote) => vote.username },
  { header: 'Vote', value: (vote) => vote.type },
  { header: 'By', value: (vote) => (vote.session_game_id === null ? 'ticker' : 'game playing') },
]

export const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  { header: 'ID', value: (entry) => entry.id },
  { header: 'At', value: (entry) => entry.at.replace('T', ' ').slice(0, 19) },
  { header: 'Actor', value: (entry) => entry.actor },
  { header: 'Request', value: (entry) => `${entry.method} ${entry.path}` },
  { header: 'Status', value: (entry) => entry.status, align: 'right' },
]
