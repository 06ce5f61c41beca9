// One scripted evening through the core, with a fixed clock, random source and ids, whose
// every answer (and every refusal) is recorded as JSON text: two stores that hold the same
// data the same way give the same text, byte for byte (key order, ids, flags, timestamps).
import { type Core, createCore, createSeededRandom, isDomainError, type Store } from '@game-picker/core'

/** A short evening on the bundled catalogue: a session, a pick added with a room code, a vote, the close. */
export async function playEvening(core: Core): Promise<{ sessionId: number; gameId: number }> {
  await core.importBuiltin()
  const session = await core.sessions.start({ notes: 'Friday' })
  const { game } = await core.picker.pick({ playerCount: 6 })
  const row = await core.sessionGames.add(session.id, { game_id: game.id, room_code: 'ABCD' })
  await core.votes.live({ username: 'ann', vote: 'up', timestamp: row.played_at })
  await core.sessions.close(session.id)
  return { sessionId: session.id, gameId: game.id }
}

export async function recordEvening(store: Store): Promise<string[]> {
  let now = Date.parse('2026-11-22T20:00:00.000Z')
  let ids = 0
  const core = createCore({
    store, random: createSeededRandom('contract'), now: () => new Date((now += 1000)), instanceId: 'contract',
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  })
  const log: string[] = []
  const step = async (name: string, action: () => Promise<unknown>) => {
    try {
      log.push(`${name} ${JSON.stringify(await action())}`)
    } catch (error) {
      if (!isDomainError(error)) throw error
      log.push(`${name} ! ${error.code} ${error.message} ${JSON.stringify(error.details ?? null)}`)
    }
  }

  await step('import', () => core.importBuiltin())
  await step('games', () => core.games.list())
  await step('packs', () => core.packs.list())
  await step('create', () => core.games.create({ pack_name: 'House Games', title: 'Charades', min_players: 2, max_players: 12 }))
  await step('create again', () => core.games.create({ pack_name: 'House Games', title: 'Charades', min_players: 2, max_players: 4 }))
  await step('create Ä', () => core.games.create({ pack_name: 'house games', title: 'Ärger', min_players: 2, max_players: 4 }))
  await step('rename', () => core.games.update(63, { pack_name: 'Zeta House', title: 'charades' }))
  await step('toggle', () => core.games.toggle(2))
  await step('favor', () => core.games.setFavor(3, { favor_bias: 1 }))
  await step('pack favor', () => core.packs.setFavor('The Jackbox Party Pack 3', { favor_bias: -1 }))
  await step('pack off', () => core.packs.setEnabled('The Jackbox Party Pack 4', { enabled: false }))
  await step('meta', () => core.packs.meta())
  await step('start', () => core.sessions.start({ notes: 'Friday' }))
  await step('start again', () => core.sessions.start({}))
  for (const players of [4, 6, 8]) await step(`pick ${players}`, () => core.picker.pick({ playerCount: players, sessionId: 1 }))
  await step('add 5', () => core.sessionGames.add(1, { game_id: 5, room_code: 'ABCD' }))
  await step('add 7', () => core.sessionGames.add(1, { game_id: 7, manually_added: true }))
  await step('add 9', () => core.sessionGames.add(1, { game_id: 9 }))
  await step('skip', () => core.sessionGames.setStatus(1, 2, { status: 'skipped' }))
  await step('playing again', () => core.sessionGames.setStatus(1, 1, { status: 'playing' }))
  await step('room', () => core.sessionGames.setRoomCode(1, 3, { room_code: 'WXYZ' }))
  await step('count', () => core.sessionGames.setPlayerCount(1, 3, { player_count: 7 }))
  await step('check', () => core.sessionGames.recordPlayerCheck(3, { status: 'monitoring', playerCount: 5 }))
  await step('claim monitors', () => core.monitorLeases.claim())
  await step('renew monitors', () => core.monitorLeases.renew([3, 1]))
  await step('vote', () => core.votes.live({ username: 'ann', vote: 'up', timestamp: '2026-11-22T20:00:40.000Z' }))
  await step('vote again', () => core.votes.live({ username: 'ann', vote: 'down', timestamp: '2026-11-22T20:00:40.500Z' }))
  await step('vote early', () => core.votes.live({ username: 'bob', vote: 'down', timestamp: '2026-11-22T19:00:00.000Z' }))
  await step('chat', () => core.importChat(1, { chatData: [
    { username: 'cat', message: 'thisgame++', timestamp: '2026-11-22T20:00:30.000Z' },
    { username: 'dan', message: 'thisgame-- nope', timestamp: '2026-11-22T20:00:45.000Z' },
    { username: 'dan', message: 'hi', timestamp: '2026-11-22T20:00:46.000Z' },
  ] }))
  await step('chat again', () => core.importChat(1, { chatData: [{ username: 'dan', message: 'hi', timestamp: '2026-11-22T20:00:46.000Z' }] }))
  await step('rows', () => core.sessionGames.list(1))
  await step('export', () => core.exportSession(1, 'json'))
  await step('active', () => core.sessions.active())
  await step('close', () => core.sessions.close(1, { notes: 'Great' }))
  await step('second', () => core.sessions.start({}))
  await step('poll bad', () => core.polls.open({ gameIds: [5, 2] }))
  await step('poll', () => core.polls.open({ gameIds: [5, 7, 9], addWinner: true, durationSeconds: 600 }))
  await step('poll again', () => core.polls.open({ pick: { count: 2 } }))
  await step('poll phone', () => core.polls.vote(1, { choice: 1, voter: 'phone-aaaa' }, { address: '192.0.2.9' }))
  await step('poll chat', () => core.polls.vote(1, { choice: 3, username: 'ann' }, { address: '192.0.2.9' }))
  await step('poll move', () => core.polls.vote(1, { choice: 3, voter: 'phone-aaaa' }, { address: '192.0.2.9' }))
  await step('poll connector', () => core.polls.voteByUsername('bob', 2))
  await step('poll tally', () => core.polls.publishTally(1))
  await step('poll open', () => core.polls.current())
  await step('poll close', () => core.polls.close(1))
  await step('poll closed', () => core.polls.vote(1, { choice: 1, voter: 'phone-bbbb' }, { address: '192.0.2.9' }))
  await step('poll picked', () => core.polls.open({ pick: { count: 2, playerCount: 4 }, durationSeconds: 10 }))
  await step('poll vote picked', () => core.polls.voteByUsername('cat', 1))
  for (let i = 0; i < 10; i++) await step(`poll tick ${i}`, () => core.polls.list(1))
  await step('polls', () => core.polls.list())
  await step('sessions', () => core.sessions.list())
  await step('delete active', () => core.sessions.remove(2))
  await step('delete', () => core.sessions.remove(1))
  await step('remove game', () => core.games.remove(4))
  await step('stats', () => core.stats())
  await step('csv', () => core.csv.export())
  await step('replace', () => core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players\nP,Only,1,2\n', mode: 'replace' }))
  await step('after replace', () => core.games.list())
  await step('packs after', () => core.packs.list())
  await step('hook', () => core.webhooks.create({ name: 'h', url: 'http://127.0.0.1:9/h', secret: 's', events: ['game.added'] }))
  await step('hook off', () => core.webhooks.update(1, { enabled: false, events: ['session.ended', 'game.added'] }))
  await step('hooks', () => core.webhooks.list())
  await step('hook test', () => core.webhooks.test(1))
  const claimed = await core.deliveries.claimDue('2026-11-23T00:00:00.000Z', 10)
  await step('claimed', async () => claimed)
  await step('claimed again', () => core.deliveries.claimDue('2026-11-23T00:00:00.000Z', 10))
  await step('next due', () => core.deliveries.nextDueAt())
  await step('attempt', () => core.deliveries.recordAttempt({
    delivery: claimed[0], responseStatus: 500, errorMessage: 'HTTP 500', at: '2026-11-23T00:00:01.000Z',
    nextAttemptAt: '2026-11-23T00:00:02.000Z',
  }))
  await step('next due after', () => core.deliveries.nextDueAt())
  await step('logs', () => core.webhooks.logs(1))
  await step('events', () => core.events.after(0, 1000))
  await step('events after 3', () => core.events.after(3, 2))
  await step('last event', () => core.events.lastId())
  for (let i = 0; i < 10; i++) await step(`login failure ${i}`, () => core.logins.recordFailure('192.0.2.1'))
  await step('blocked', () => core.logins.isBlocked('192.0.2.1'))
  await step('not blocked', () => core.logins.isBlocked('192.0.2.2'))
  await step('release monitors', () => core.monitorLeases.release([3]))
  // The token itself is random: the log keeps everything else of the answer. (The clock is set:
  // how often the steps before read it differs between stores.)
  now = Date.parse('2026-11-23T01:00:00.000Z')
  let token = ''
  await step('token', async () => {
    const { token: made, ...rest } = await core.apiTokens.create({ name: 'bot', scopes: ['votes', 'sessions'], expiresInDays: 30 })
    token = made
    return rest
  })
  await step('token bad', () => core.apiTokens.create({ name: 'bot', scopes: ['root'] }))
  await step('tokens', () => core.apiTokens.list())
  await step('token use', () => core.apiTokens.authenticate(token))
  await step('token unknown', () => core.apiTokens.authenticate(`${token}x`))
  await step('revoke', () => core.apiTokens.revoke(1))
  await step('token after revoke', () => core.apiTokens.authenticate(token))
  await step('revoke again', () => core.apiTokens.revoke(1))
  now = Date.parse('2026-11-23T02:00:00.000Z')
  for (const [actor, status] of [['admin', 201], ['token:bot', 403], ['anonymous', 401]] as const) {
    core.audit.record({ actor, method: 'POST', path: '/api/sessions', status })
  }
  await step('audit', () => core.audit.list({}))
  await step('audit page', () => core.audit.list({ limit: '1', before: '3' }))
  await step('audit bad limit', () => core.audit.list({ limit: '501' }))

  // A chat connector's row and lease, as two servers (this core and `other`) use them.
  now = Date.parse('2026-11-23T03:00:00.000Z')
  const other = createCore({ store, now: () => new Date(now), instanceId: 'other' })
  const lease = core.chat.lease('twitch')
  const otherLease = other.chat.lease('twitch')
  const claimedRow = async (claim: Promise<{ channel: string; state: string; settings: object; secret: string | null } | null>) => {
    const row = await claim
    return row && { channel: row.channel, state: row.state, settings: row.settings, secret: row.secret }
  }
  await step('chat status none', () => core.chat.status('twitch'))
  await step('chat list none', () => core.chat.list())
  await step('chat start', () => core.chat.start('twitch', { channel: 'Some_Channel' }))
  await step('chat start again', () => core.chat.start('twitch', { channel: 'some_channel' }))
  await step('chat start other', () => core.chat.start('twitch', { channel: 'other_channel' }))
  await step('chat claim', () => claimedRow(lease.claim()))
  await step('chat claim by other', () => claimedRow(otherLease.claim()))
  await step('chat connected', () => lease.update('some_channel', { state: 'connected', settings: { page: 'a' } }, 'connecting'))
  await step('chat renew', () => lease.renew())
  await step('chat first seen', () => lease.firstSeen('message-1'))
  await step('chat seen again', () => otherLease.firstSeen('message-1'))
  await step('chat count', () => lease.count({ up: 2, down: 1, poll: 0, queue: 0, ignored: 3 }))
  await step('chat count by other', () => otherLease.count({ up: 5, down: 5, poll: 5, queue: 0, ignored: 5 }))
  await step('chat status', () => core.chat.status('twitch'))
  await step('chat list', () => core.chat.list())
  await step('chat release', () => lease.release('some_channel', 'connected'))
  await step('chat renew after release', () => lease.renew())
  await step('chat claim by other after', () => claimedRow(otherLease.claim()))
  await step('chat connected on other', () => otherLease.update('some_channel', { state: 'connected' }, 'reconnecting'))
  now += 60_000 // the other's lease runs out (it died): this core takes the channel over
  await step('chat takeover', () => claimedRow(lease.claim()))
  await step('chat status after takeover', () => core.chat.status('twitch'))
  await step('chat stop', () => core.chat.stop('twitch'))
  await step('chat stop again', () => core.chat.stop('twitch'))
  await step('chat events', async () => (await core.events.after(0, 1000)).filter((event) => event.type.startsWith('chat.')))
  return log
}
