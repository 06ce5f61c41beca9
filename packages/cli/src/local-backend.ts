// The Backend over the core on a local database file: mostly the core's own use cases, which
// already take the HTTP bodies and return the HTTP shapes.
import { type Core, createSeededRandom, isDomainError } from '@game-picker/core'
import type { Backend } from './backend.ts'
import { UsageError } from './cli-errors.ts'

const monitorNeedsServer = () =>
  Promise.reject(new UsageError(
    'The room monitor runs inside the server: use --remote URL (with --key) to start or stop it.',
  ))

export function createLocalBackend(core: Core): Backend {
  return {
    mode: 'local',
    games: {
      list: core.games.list,
      get: core.games.get,
      create: core.games.create,
      update: core.games.update,
      remove: core.games.remove,
      toggle: core.games.toggle,
      setFavor: core.games.setFavor,
    },
    packs: core.packs,
    pick: (input, seed) => core.picker.pick(input, seed === undefined ? undefined : createSeededRandom(seed)),
    sessions: {
      list: (limit) => core.sessions.list({ limit }),
      get: core.sessions.get,
      active: core.sessions.active,
      start: core.sessions.start,
      close: core.sessions.close,
      remove: core.sessions.remove,
      export: core.exportSession,
      importChat: core.importChat,
    },
    sessionGames: {
      list: core.sessionGames.list,
      add: core.sessionGames.add,
      setStatus: core.sessionGames.setStatus,
      remove: core.sessionGames.remove,
      setRoomCode: core.sessionGames.setRoomCode,
      setPlayerCount: core.sessionGames.setPlayerCount,
      startPlayerCheck: monitorNeedsServer,
      stopPlayerCheck: monitorNeedsServer,
    },
    rooms: {
      // `room CODE` asks the room service (ECAST_URL) once; a server on the database follows the room.
      follow: async (sessionId, body) =>
        (await core.rooms.follow(sessionId, body, (code) => core.roomMonitors.readRoom(code))).sessionGame,
      list: core.rooms.ofSession,
    },
    votes: { live: core.votes.live, list: core.voteHistory.list },
    polls: {
      open: core.polls.open,
      current: () => core.polls.current().catch((error) => (isDomainError(error) && error.code === 'NOT_FOUND' ? null : Promise.reject(error))),
      list: (limit) => core.polls.list(limit),
      close: core.polls.close,
      // No server runs to send the tally: the vote sends it itself, so streams and webhooks see it.
      voteByUsername: async (username, choice) => {
        const poll = await core.polls.voteByUsername(username, choice)
        await core.polls.publishTally(poll.id)
        return poll
      },
    },
    // core.close() sends the queue's last pending update before the command exits.
    queue: {
      get: core.queue.get,
      open: core.queue.open,
      close: core.queue.close,
      add: core.queue.add,
      remove: core.queue.remove,
      seat: core.queue.seat,
    },
    catalogue: {
      exportCsv: async () => {
        const { filename, csv } = await core.csv.export()
        return { filename, body: csv }
      },
      planCsv: core.csv.plan,
      importCsv: core.csv.import,
    },
    stats: core.stats,
    webhooks: {
      list: core.webhooks.list,
      get: core.webhooks.get,
      create: core.webhooks.create,
      update: core.webhooks.update,
      remove: core.webhooks.remove,
      test: core.webhooks.test,
      logs: core.webhooks.logs,
    },
    tokens: { create: core.apiTokens.create, list: core.apiTokens.list, revoke: core.apiTokens.revoke },
    chat: { start: core.chat.start, list: core.chat.list, status: core.chat.status, stop: core.chat.stop },
    audit: (limit) => core.audit.list({ limit: limit === undefined ? undefined : String(limit) }),
    close: core.close,
  }
}
