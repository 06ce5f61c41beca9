// Exporting one session as JSON or a readable text report.
import type { CoreContext } from '../common/context.ts'
import { invalidInput } from '../common/errors.ts'
import { getSessionOrThrow } from './sessions.ts'
import type { ChatMessage, Session, SessionGame, Vote } from '../common/types.ts'

export type ExportFormat = 'json' | 'txt'
export interface SessionExportFile { filename: string; contentType: string; body: string }

interface SessionData {
  session: Session
  games: SessionGame[]
  votes: Vote[]
  chat_messages: ChatMessage[]
}

export function readExportFormat(value: unknown): ExportFormat {
  if (value === undefined || value === null || value === '') return 'txt'
  if (value === 'json' || value === 'txt') return value
  throw invalidInput('format must be json or txt')
}

export function createSessionExport(ctx: CoreContext) {
  return async (sessionId: number, formatInput?: unknown): Promise<SessionExportFile> => {
    const format = readExportFormat(formatInput)
    const data = await ctx.store.read(async (tx): Promise<SessionData> => ({
      session: await getSessionOrThrow(tx, sessionId),
      games: await tx.listSessionGames(sessionId),
      votes: await tx.listVotes(sessionId),
      chat_messages: await tx.listChatMessages(sessionId),
    }))
    const exportedAt = ctx.now().toISOString()
    if (format === 'json') {
      const votes = data.votes.map(({ game_id, username, type, timestamp }) => ({ game_id, username, type, timestamp }))
      return {
        filename: `session-${sessionId}.json`,
        contentType: 'application/json',
        body: JSON.stringify({ ...data, votes, exported_at: exportedAt }, null, 2),
      }
    }
    return { filename: `session-${sessionId}.txt`, contentType: 'text/plain; charset=utf-8', body: textReport(data, exportedAt) }
  }
}

function textReport({ session, games, votes }: SessionData, exportedAt: string): string {
  const votesOf = (row: SessionGame) => votes.filter((vote) => vote.session_game_id === row.id)
  const tally = (list: Vote[]) => {
    const up = list.filter((vote) => vote.type === 'up').length
    return `+${up} / -${list.length - up}`
  }
  const lines = [
    `Game Picker session #${session.id}`,
    `Started:      ${session.created_at}`,
    `Closed:       ${session.closed_at ?? '(active)'}`,
    `Notes:        ${session.notes ?? ''}`,
    `Games played: ${session.games_played}`,
    '',
    'Games',
    ...games.map((row, i) => [
      `${i + 1}. ${row.played_at.slice(11, 19)}  ${row.title} (${row.pack_name})`,
      `status ${row.status}`,
      `players ${row.player_count ?? '-'}`,
      `room ${row.room_code ?? '-'}`,
      `votes ${tally(votesOf(row))}`,
    ].join('  |  ')),
    ...(games.length === 0 ? ['(none)'] : []),
    '',
    'Votes',
    `Total: ${votes.length} (${tally(votes)})`,
    ...games.filter((row) => votesOf(row).length > 0).map((row) => `  ${row.title}: ${tally(votesOf(row))}`),
    '',
    `Exported at ${exportedAt}`,
  ]
  return `${lines.join('\n')}\n`
}
