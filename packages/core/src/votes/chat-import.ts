// Importing a chat log into a session: validated as a whole,
// stored in one transaction, idempotent.
import type { CoreContext } from '../common/context.ts'
import { invalidInput } from '../common/errors.ts'
import { compareText } from '../catalogue/packs.ts'
import { getSessionOrThrow } from '../sessions/sessions.ts'
import type { NewChatMessage, NewVote, StoreReads } from '../store/store.ts'
import type { Game, VoteType } from '../common/types.ts'
import { asFields } from '../common/validate.ts'
import { countBefore, DUPLICATE_WINDOW_MS, matchSessionGame, readChatVote, timeline } from './vote-matching.ts'

export interface ChatEntry { username: string; message: string; timestamp: string }

const FLUSH_EVERY = 5000

export interface ChatImportResult {
  message: string
  messagesImported: number
  duplicatesSkipped: number
  votesProcessed: number
  votesByGame: Record<string, { title: string; upvotes: number; downvotes: number }>
  debug: {
    totalMessages: number
    voteMessages: number
    unmatchedVotes: number
    sessionGamesTimeline: { title: string; played_at: string }[]
  }
}

/** All-or-nothing validation: the first bad entry rejects the whole log. */
export function readChatData(chatData: unknown): ChatEntry[] {
  if (!Array.isArray(chatData)) throw invalidInput('chatData must be an array')
  return chatData.map((item, i) => {
    const { username, message, timestamp } = asFields(item)
    const missing = typeof username !== 'string' ? 'username' : typeof message !== 'string' ? 'message'
      : typeof timestamp !== 'string' ? 'timestamp' : null
    if (missing) throw invalidInput(`chatData[${i}]: ${missing} must be a string`)
    const ms = Date.parse(timestamp as string)
    if (Number.isNaN(ms)) throw invalidInput(`chatData[${i}]: timestamp is not a valid date`)
    const iso = new Date(ms).toISOString()
    // A log already in ISO form is used as it is: a million copies would only feed the GC.
    return iso === timestamp ? (item as ChatEntry) : { username: username as string, message: message as string, timestamp: iso }
  })
}

export function createChatImport(ctx: CoreContext) {
  return (sessionId: number, input: unknown, onProgress?: (done: number, total: number) => void) =>
    ctx.store.transaction(async (tx): Promise<ChatImportResult> => {
      // Two servers importing the same log at once would each find it new: one at a time.
      await tx.lock(`chat-import:${sessionId}`)
      await getSessionOrThrow(tx, sessionId)
      const entries = readChatData(asFields(input).chatData)
      const rows = await tx.listSessionTimeline(sessionId)
      if (rows.length === 0) throw invalidInput('No games played in this session to match votes against')

      // Every vote time per user, for the 1-second rule; seeded with votes already stored.
      const voteTimes = new Map<string, number[]>()
      for (const vote of await tx.listVotes(sessionId)) pushTime(voteTimes, vote.username, Date.parse(vote.timestamp))
      const stored = new Set((await tx.listChatMessages(sessionId)).map(messageKey))
      const byTicker = await gamesByTicker(tx)

      const result: ChatImportResult = {
        message: 'Chat log imported successfully', messagesImported: 0, duplicatesSkipped: 0, votesProcessed: 0,
        votesByGame: {},
        debug: { totalMessages: entries.length, voteMessages: 0, unmatchedVotes: 0, sessionGamesTimeline: timeline(rows) },
      }
      const order = timeOrder(entries)
      // Stored in slices as the loop goes, so no row object outlives its slice (a million that
      // did kept every full collection busy).
      let messages: NewChatMessage[] = []
      let votes: NewVote[] = []
      const flush = async () => {
        await tx.insertChatMessages(messages)
        await tx.insertVotes(votes)
        result.messagesImported += messages.length
        result.votesProcessed += votes.length
        messages = []
        votes = []
      }
      // A duplicate within the log has the same timestamp, so it sits in the same run of equal
      // timestamps: only that run's keys are kept, not one per message of the whole log.
      const run = { timestamp: '', keys: new Set<string>() }

      for (let done = 0; done < order.length; done++) {
        if (done % FLUSH_EVERY === 0) {
          onProgress?.(done, order.length)
          await flush()
        }
        const entry = entries[order[done]]
        const vote = readChatVote(entry.message)
        // A ticker nobody has is no vote: the message is kept as chat.
        const tickerGame = vote?.ticker ? byTicker.get(vote.ticker) : undefined
        const type = vote && (!vote.ticker || tickerGame) ? vote.type : null
        if (type) result.debug.voteMessages += 1
        if (entry.timestamp !== run.timestamp) {
          run.timestamp = entry.timestamp
          run.keys.clear()
        }
        const key = messageKey(entry)
        if (run.keys.has(key) || stored.has(key)) {
          result.duplicatesSkipped += 1
          continue
        }
        run.keys.add(key)
        const row = type && !tickerGame ? matchSessionGame(rows, entry.timestamp) : null
        messages.push({
          session_id: sessionId, username: entry.username, message: entry.message, timestamp: entry.timestamp,
          vote_type: type, session_game_id: row?.id ?? null,
        })
        if (!type) continue
        // A ticker vote goes to its game whatever is playing, with no session game.
        const target = tickerGame ? { id: null, game_id: tickerGame.id, title: tickerGame.title } : row
        if (!target) {
          result.debug.unmatchedVotes += 1
          continue
        }
        const at = Date.parse(entry.timestamp)
        if (isWithinDuplicateWindow(voteTimes.get(entry.username), at)) continue
        pushTime(voteTimes, entry.username, at)
        votes.push({
          session_id: sessionId, session_game_id: target.id, game_id: target.game_id,
          username: entry.username, type, timestamp: entry.timestamp,
        })
        countVote(result.votesByGame, target.game_id, target.title, type)
      }
      await flush()
      onProgress?.(order.length, order.length)
      return result
    })
}

/** The catalogue's games by ticker. */
async function gamesByTicker(tx: StoreReads): Promise<Map<string, Game>> {
  const games = await tx.listGames()
  return new Map(games.filter((game) => game.ticker !== null).map((game) => [game.ticker!, game]))
}

/** Indexes of `entries` in timestamp order, ties in the log's order (no object per message). */
function timeOrder(entries: readonly ChatEntry[]): Uint32Array {
  const order = Uint32Array.from(entries, (_, i) => i)
  return order.sort((a, b) => compareText(entries[a].timestamp, entries[b].timestamp) || a - b)
}

const messageKey = (m: { username: string; timestamp: string; message: string }) =>
  `${m.username}\u0000${m.timestamp}\u0000${m.message}`

/** Keeps each user's vote times sorted, so the window check is a binary search. */
function pushTime(map: Map<string, number[]>, username: string, at: number) {
  const times = map.get(username)
  if (!times) map.set(username, [at])
  else times.splice(countBefore(times, (time) => time < at), 0, at)
}

function isWithinDuplicateWindow(times: number[] | undefined, at: number): boolean {
  if (!times) return false
  const i = countBefore(times, (time) => time < at)
  return (i < times.length && times[i] - at < DUPLICATE_WINDOW_MS) || (i > 0 && at - times[i - 1] < DUPLICATE_WINDOW_MS)
}

function countVote(byGame: ChatImportResult['votesByGame'], gameId: number, title: string, type: VoteType) {
  const counts = (byGame[String(gameId)] ??= { title, upvotes: 0, downvotes: 0 })
  if (type === 'up') counts.upvotes += 1
  else counts.downvotes += 1
}
