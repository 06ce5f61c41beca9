// Builds the benchmark databases through the core, in-process, on files (no server running):
//   --db FILE            500 games in 25 packs (CSV import), 5,000 closed sessions with 3 games
//                        each (transactions of 1,000 sessions), 100,000 votes (`--votes N`: chat
//                        imports of at most 5,000 votes into the newest max(200, N / 5,000)
//                        sessions; sessions are added when that is more than `--sessions`), then
//                        one active session with a game playing (for live votes).
//   --catalogue-db FILE  the same 500-game catalogue only (for the CLI cold start).
// Votes are generated one import at a time (8 in flight), so memory does not grow with N:
// 100k = 200 x 500 votes, 1M = 200 x 5,000, 10M = 2,000 x 5,000 (in 5,000 sessions).
// Prints one JSON line: timings and the resulting counts.
import { statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { dist, load } from './common.mjs'
import { catalogueCsv, voteLog } from './data.mjs'

const { values } = parseArgs({
  options: {
    db: { type: 'string' }, 'catalogue-db': { type: 'string' },
    games: { type: 'string', default: '500' }, packs: { type: 'string', default: '25' },
    sessions: { type: 'string', default: '5000' }, votes: { type: 'string', default: '100000' },
  },
})
const GAMES = Number(values.games)
const PACKS = Number(values.packs)
const VOTES = Number(values.votes)
const VOTES_PER_IMPORT = 5000
const VOTE_SESSIONS = Math.max(200, Math.ceil(VOTES / VOTES_PER_IMPORT))
const SESSIONS = Math.max(Number(values.sessions), VOTE_SESSIONS)
const SESSIONS_PER_TX = 1000
const GAMES_PER_SESSION = 3
const HOUR = 3_600_000

const { createCore } = await load(dist.core)
const { createSqliteStore } = await load(dist.sqlite)
const csvData = catalogueCsv(GAMES, PACKS)
const timings = {}
const timed = async (name, fn) => {
  const start = performance.now()
  const result = await fn()
  timings[name] = Math.round(performance.now() - start)
  return result
}

// The catalogue-only database.
{
  const core = createCore({ store: await createSqliteStore({ file: values['catalogue-db'] }) })
  await core.csv.import({ csvData, mode: 'append' })
  await core.close()
}

const core = createCore({ store: await createSqliteStore({ file: values.db }) })
await timed('csvImport500', () => core.csv.import({ csvData, mode: 'append' }))
const games = await core.games.list({})

// Closed sessions, one an hour, ending a day ago; 3 games each, 20 minutes apart.
const firstSessionMs = Date.now() - 86_400_000 - SESSIONS * HOUR
const sessionStart = (s) => firstSessionMs + s * HOUR
const gameAt = (s, k) => sessionStart(s) + 60_000 + k * 20 * 60_000
async function insertSessions(tx, from, to) {
  const ids = []
  for (let s = from; s < to; s++) {
    const session = await tx.insertSession({ created_at: new Date(sessionStart(s)).toISOString(), notes: `bench ${s}` })
    for (let k = 0; k < GAMES_PER_SESSION; k++) {
      await tx.finishPlaying(session.id)
      await tx.insertSessionGame({
        session_id: session.id, game_id: games[(s * 7 + k * 13) % games.length].id,
        played_at: new Date(gameAt(s, k)).toISOString(), manually_added: 0, status: 'playing', room_code: null,
      })
    }
    await tx.finishPlaying(session.id)
    await tx.closeSession(session.id, new Date(sessionStart(s) + HOUR - 60_000).toISOString(), `bench ${s}`)
    ids.push(session.id)
  }
  return ids
}
const sessionIds = []
await timed('sessions', async () => {
  for (let first = 0; first < SESSIONS; first += SESSIONS_PER_TX) {
    const last = Math.min(SESSIONS, first + SESSIONS_PER_TX)
    sessionIds.push(...await core.store.transaction((tx) => insertSessions(tx, first, last)))
  }
})

// Votes: chat imports into the last VOTE_SESSIONS sessions, a few in flight at once (the
// journal's group commit shares their fsyncs).
const perSession = Math.ceil(VOTES / VOTE_SESSIONS)
let votesProcessed = 0
await timed('votes', async () => {
  const targets = sessionIds.slice(-VOTE_SESSIONS).map((id, i) => ({ id, s: SESSIONS - VOTE_SESSIONS + i }))
  const IN_FLIGHT = 8
  for (let i = 0; i < targets.length; i += IN_FLIGHT) {
    const results = await Promise.all(targets.slice(i, i + IN_FLIGHT).map(({ id, s }) =>
      core.importChat(id, { chatData: voteLog(perSession, gameAt(s, s % GAMES_PER_SESSION) + 1000, 100, `s${s}-u`) })))
    for (const r of results) votesProcessed += r.votesProcessed
  }
})

// The active session the live-vote rows vote into.
const active = await core.sessions.start({ notes: 'bench live votes' })
await core.sessionGames.add(active.id, { game_id: games[0].id })
const stats = await core.stats()
await timed('close', () => core.close())

process.stdout.write(`${JSON.stringify({
  timings, votesProcessed, activeSessionId: active.id,
  sessions: stats.sessions.count, games: stats.games.count, packs: stats.packs.count,
  totalGamesPlayed: stats.totalGamesPlayed.count, dbMb: statSync(values.db).size / 1024 / 1024,
})}\n`)
