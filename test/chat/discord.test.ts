// The Discord bot against a local fake Discord (REST v10 + Gateway), driven by the real
// discord.js, on each store: connected and stopped over the API with the exact errors; every
// slash command; /join and /leave (and !join / !leave typed) in the viewer queue; a poll from
// open to winner with buttons moving votes, its message's tallies and winner edited in; "Now
// playing" with the room code; message votes with and without the Message Content intent; /poll
// and /close for Manage Server only; a refused token; a Resume in the middle of a poll; nothing
// counted twice; the poll message kept across a restart; and the token in no answer, log line or
// audit entry.
import type { Store } from '@game-picker/core'
import { type RunningServer, type ServerOptions, startServer } from '@game-picker/http'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type FakeDiscord, type FakeMessage, startFakeDiscord } from '../helpers/fake-discord.ts'
import { ADMIN_KEY, call, createTestCore, login, openSharedStores, openTestStore } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

// A fake Discord of each test's own (poll ids repeat across the tests' databases).
let fake: FakeDiscord
beforeEach(async () => void (fake = await startFakeDiscord()))
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await fake.close()
})


/** Everything a test's servers answered or logged, to look for the token in. */
const seen: string[] = []

async function serverOn(store: Store, instanceId: string, discord: FakeDiscord = fake, extra: { botToken?: string } = {}, options: Partial<ServerOptions> = {}) {
  const core = createTestCore(store, { discord: { apiUrl: discord.apiUrl, ...extra } }, { instanceId })
  const server = await startServer({
    core,
    adminKey: ADMIN_KEY, port: 0, chatSyncMs: 100, log: (line: string) => { seen.push(line); if (process.env.DEBUG_CHAT) console.log(line) }, ...options,
  })
  let closed = false
  const close = async () => { if (!closed) { closed = true; await server.close() } }
  cleanups.push(close)
  const token = await login(server.url)
  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await call(server.url, method, path, { token, body })
    seen.push(answer.text)
    return answer
  }
  const status = async () => (await api('GET', '/api/chat/discord')).body
  /** Who voted how, from the `vote.received` events. */
  const voters = async () => (await core.events.after(0, 1000)).filter((event) => event.type === 'vote.received')
    .map((event) => JSON.parse(event.body).data.vote).map((vote: any) => [vote.username, vote.type])
  return { url: server.url, token, server, core, close, api, status, voters }
}

/** A server with four games in its catalogue and no session yet. */
async function readyServer(discord: FakeDiscord = fake, extra: { botToken?: string } = {}) {
  const store = await openTestStore()
  cleanups.push(() => store.close())
  const running = await serverOn(store, 'only', discord, extra)
  const games = []
  for (const [title, pack] of [['Quiplash', 'Party Pack'], ['Fibbage', 'Party Pack'], ['Drawful', 'Party Pack 2'], ['Trivia Murder Party', 'Party Pack 3']]) {
    games.push((await running.api('POST', '/api/games', { pack_name: pack, title, min_players: 3, max_players: 8 })).body)
  }
  return { ...running, store, games }
}

async function connect(server: Awaited<ReturnType<typeof readyServer>>, discord: FakeDiscord = fake, body: Record<string, unknown> = {}) {
  const started = await server.api('POST', '/api/chat/discord', { channel_id: discord.channelId, bot_token: discord.token, ...body })
  expect(started.status).toBe(201)
  await until(server.status, (s) => s.state === 'connected')
  return started
}

const buttonsOf = (message: FakeMessage) => message.components.flatMap((row: any) => row.components)
/** The message the bot posted for poll `pollId` (its buttons name the poll). */
const messageOf = (pollId: number, discord: FakeDiscord = fake) => discord.waitFor(() => [...discord.messages.values()]
  .find((message) => message.history[0].components.some((row: any) => row.components.some((button: any) => button.custom_id.startsWith(`poll:${pollId}:`)))))

describe('the API', () => {
  test('connect (admin), status (public), one channel at a time, stop; exact errors; commands registered', async () => {
    const server = await readyServer()
    const { url, token, api } = server
    expect(await call(url, 'POST', '/api/chat/discord', { body: { channel_id: fake.channelId, bot_token: fake.token } })).toMatchObject({ status: 401 })
    for (const channel_id of ['1234567890123456', '123456789012345678901', '12345678901234567a', 1234567890123456789, undefined, '']) {
      expect(await api('POST', '/api/chat/discord', { channel_id, bot_token: 't' }), String(channel_id))
        .toMatchObject({ status: 400, body: { error: 'channel_id must be a Discord channel id' } })
    }
    expect(await api('POST', '/api/chat/discord', { channel_id: fake.channelId })).toMatchObject({ status: 400, body: { error: 'A Discord bot token is required' } })
    expect(await api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: '' })).toMatchObject({ status: 400, body: { error: 'A Discord bot token is required' } })
    expect(await api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: 't', announce_room_code: 'no' }))
      .toMatchObject({ status: 400, body: { error: 'announce_room_code must be a boolean' } })
    expect(await call(url, 'GET', '/api/chat/discord')).toMatchObject({ status: 404, body: { error: 'Not connected to Discord' } })
    expect(await call(url, 'DELETE', '/api/chat/discord', { token })).toMatchObject({ status: 404, body: { error: 'Not connected to Discord' } })

    const started = await connect(server)
    expect(started.body).toMatchObject({ channel_id: fake.channelId, counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } })
    expect(Object.keys(started.body).sort()).toEqual(['channel_id', 'counts', 'guild_id', 'message_content', 'since', 'state'])
    expect(await call(url, 'GET', '/api/chat/discord')).toMatchObject({
      status: 200, body: { channel_id: fake.channelId, guild_id: fake.guildId, state: 'connected', message_content: true },
    })
    expect(await api('POST', '/api/chat/discord', { channel_id: fake.otherChannelId, bot_token: fake.token }))
      .toMatchObject({ status: 400, body: { error: 'Already connected to a Discord channel' } })
    expect((await api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: fake.token })).status).toBe(201)
    const commands = Object.fromEntries(fake.commands().map((command) => [command.name, command]))
    expect(Object.keys(commands).sort()).toEqual(['close', 'join', 'leave', 'pick', 'poll', 'vote'])
    expect([commands.join.default_member_permissions ?? null, commands.leave.default_member_permissions ?? null]).toEqual([null, null])
    expect(commands.poll.default_member_permissions).toBe('32')
    expect(commands.close.default_member_permissions).toBe('32')
    expect(commands.pick.default_member_permissions ?? null).toBeNull()
    expect(commands.vote.options.map((option: any) => option.name)).toEqual(['up', 'down'])

    const connections = fake.connections()
    const stopped = await api('DELETE', '/api/chat/discord')
    expect(stopped).toMatchObject({ status: 200, body: { channel_id: fake.channelId, state: 'connected' } })
    await until(() => fake.connections(), (n) => n === connections - 1)
    expect(await call(url, 'GET', '/api/chat/discord')).toMatchObject({ status: 404 })
  })

  test('the token from the server\'s configuration; a token Discord refuses fails once, without retries', async () => {
    const server = await readyServer(fake, { botToken: fake.token })
    expect((await server.api('POST', '/api/chat/discord', { channel_id: fake.channelId })).status).toBe(201)
    await until(server.status, (s) => s.state === 'connected')
    await server.api('DELETE', '/api/chat/discord')

    const before = fake.requests.filter((request) => request === 'GET /gateway/bot').length
    const refused = await server.api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: 'not-the-bot-token' })
    expect(refused.status).toBe(201)
    const failed = await until(server.status, (s) => s.state === 'failed')
    expect(failed).toMatchObject({ state: 'failed', error: 'Discord refused the bot token', guild_id: null })
    await new Promise((resolve) => setTimeout(resolve, 3000)) // longer than the first retry would wait
    expect(fake.requests.filter((request) => request === 'GET /gateway/bot').length).toBe(before + 1)
    expect((await server.status()).state).toBe('failed')
  })
})

describe('in the channel', () => {
  test('/pick, /vote up|down by discord:USERNAME, and refusals answered privately', async () => {
    const server = await readyServer()
    await connect(server)
    const ann = fake.user('ann', { globalName: 'Ann the Great' })

    const picked = await fake.command(ann, 'pick', { players: 4, count: 3 })
    expect(picked).toMatchObject({ type: 4, ephemeral: false, failed: false })
    const lines = picked.data!.content.split('\n')
    expect(lines[0]).toBe('Picked:')
    expect(lines.slice(1)).toHaveLength(3)
    for (const line of lines.slice(1)) expect(server.games.map((game) => `${game.title} (${game.pack_name})`)).toContain(line.replace(/^\d+\. /, ''))
    expect((await fake.command(ann, 'pick')).data!.content).toMatch(/^Picked: .+ \(Party Pack( \d)?\)$/)
    expect(await fake.command(ann, 'pick', { players: 100 })).toMatchObject({ ephemeral: true, failed: false })

    expect(await fake.command(ann, 'vote', {}, 'up')).toMatchObject({ ephemeral: true, data: { content: 'No active session' } })
    const session = (await server.api('POST', '/api/sessions')).body
    const quiplash = server.games[0]
    await server.api('POST', `/api/sessions/${session.id}/games`, { game_id: quiplash.id })
    expect(await fake.command(ann, 'vote', {}, 'up')).toMatchObject({ ephemeral: true, data: { content: 'Voted up on Quiplash' } })
    const bob = fake.user('bob')
    expect(await fake.command(bob, 'vote', {}, 'down')).toMatchObject({ ephemeral: true, data: { content: 'Voted down on Quiplash' } })
    expect(await server.voters()).toEqual([['discord:ann', 'up'], ['discord:bob', 'down']])
    await until(server.status, (s) => s.counts.up === 1 && s.counts.down === 1 && s.counts.ignored === 1)
  })

  test('a poll from open to winner: buttons move votes, tallies edited in, the winner shown and played, "Now playing" with the room code', async () => {
    const server = await readyServer()
    await connect(server)
    const session = (await server.api('POST', '/api/sessions')).body
    const [a, b, c] = server.games
    const poll = (await server.api('POST', '/api/polls', { gameIds: [a.id, b.id, c.id], addWinner: true })).body
    const message = await messageOf(poll.id)
    expect(message.content.split('\n').slice(1)).toEqual([
      '1. Quiplash (Party Pack): 0 votes', '2. Fibbage (Party Pack): 0 votes', '3. Drawful (Party Pack 2): 0 votes',
    ])
    expect(buttonsOf(message).map((button: any) => [button.custom_id, button.label])).toEqual([
      [`poll:${poll.id}:1`, '1. Quiplash'], [`poll:${poll.id}:2`, '2. Fibbage'], [`poll:${poll.id}:3`, '3. Drawful'],
    ])

    const [ann, bob, cy] = [fake.user('ann'), fake.user('bob', { manageGuild: true }), fake.user('cy')]
    expect(await fake.press(ann, message.id, `poll:${poll.id}:1`)).toMatchObject({ ephemeral: true, data: { content: 'Your vote: Quiplash' } })
    expect(await fake.press(bob, message.id, `poll:${poll.id}:2`)).toMatchObject({ ephemeral: true, data: { content: 'Your vote: Fibbage' } })
    expect(await fake.press(cy, message.id, `poll:${poll.id}:2`)).toMatchObject({ ephemeral: true, data: { content: 'Your vote: Fibbage' } })
    expect(await fake.press(ann, message.id, `poll:${poll.id}:2`)).toMatchObject({ ephemeral: true, data: { content: 'Your vote: Fibbage' } }) // moved
    await until(() => message.content, (content) => content.includes('2. Fibbage (Party Pack): 3 votes'))
    expect(message.content).toContain('1. Quiplash (Party Pack): 0 votes')
    // Four presses in a row, and the message was edited at most every 2 s: far fewer edits than presses.
    expect(message.history.length).toBeLessThanOrEqual(3)
    expect((await server.api('GET', `/api/polls/${poll.id}`)).body.candidates.map((candidate: any) => candidate.votes)).toEqual([0, 3, 0])

    expect(await fake.command(bob, 'close')).toMatchObject({ ephemeral: true, data: { content: 'Poll closed. Winner: Fibbage (Party Pack)' } })
    await until(() => message.components.length, (n) => n === 0)
    expect(message.content.split('\n')[0]).toBe('**Poll closed.** Winner: Fibbage (Party Pack)')
    expect(message.content).toContain('2. Fibbage (Party Pack): 3 votes')
    const played = (await server.api('GET', `/api/sessions/${session.id}/games`)).body
    expect(played.map((row: any) => row.title)).toEqual(['Fibbage'])
    await fake.waitFor(() => [...fake.messages.values()].find((entry) => entry.content === 'Now playing: Fibbage (Party Pack)'))
    expect(await fake.press(cy, message.id, `poll:${poll.id}:1`)).toMatchObject({ ephemeral: true, data: { content: 'This poll is closed.' } })

    await server.api('POST', `/api/sessions/${session.id}/games`, { game_id: c.id, room_code: 'ABCD' })
    await fake.waitFor(() => [...fake.messages.values()].find((entry) => entry.content === 'Now playing: Drawful (Party Pack 2)\nRoom code: ABCD'))
    await until(server.status, (s) => s.counts.poll === 4 && s.counts.ignored === 1)
  })

  test('members press side by side: a press waiting for Discord\'s answer holds up only its own member\'s next one', async () => {
    const server = await readyServer()
    await connect(server)
    const [a, b, c] = server.games
    const poll = (await server.api('POST', '/api/polls', { gameIds: [a.id, b.id, c.id] })).body
    const message = await messageOf(poll.id)
    const [ann, bob] = [fake.user('ann'), fake.user('bob')]
    const replies = () => fake.sent.filter((entry) => entry.kind === 'reply').length

    // Ann's reply reached Discord, but Discord's answer to the bot is slow to come back (as over
    // the internet, tens to hundreds of ms for every press): Bob is answered meanwhile, within
    // Discord's 3 seconds. (Were all presses in one line, each would wait for the round trip of
    // every press before it: at 80 ms a round trip, 66 of 100 members pressing at once saw
    // "This interaction failed".)
    const release = fake.holdReplies()
    const annFirst = fake.press(ann, message.id, `poll:${poll.id}:1`)
    await fake.waitFor(() => replies() === 1)
    const annMove = fake.press(ann, message.id, `poll:${poll.id}:3`)
    expect(await fake.press(bob, message.id, `poll:${poll.id}:2`)).toMatchObject({ failed: false, data: { content: 'Your vote: Fibbage' } })
    expect(replies()).toBe(2) // Ann's move waits for her first press to be answered: her presses count in order
    release()
    expect(await annFirst).toMatchObject({ failed: false, data: { content: 'Your vote: Quiplash' } })
    expect(await annMove).toMatchObject({ failed: false, data: { content: 'Your vote: Drawful' } })
    expect((await server.api('GET', `/api/polls/${poll.id}`)).body.candidates.map((candidate: any) => candidate.votes)).toEqual([0, 1, 1])
    await until(server.status, (s) => s.counts.poll === 3)
  })

  test('/poll and /close are for members with Manage Server', async () => {
    const server = await readyServer()
    await connect(server)
    const [ann, host] = [fake.user('ann'), fake.user('host', { manageGuild: true })]
    const refusal = { ephemeral: true, data: { content: 'Only members with the Manage Server permission can do that.' } }
    expect(await fake.command(ann, 'poll', { count: 3 })).toMatchObject(refusal)
    expect(await server.api('GET', '/api/polls/open')).toMatchObject({ status: 404 })
    expect(await fake.command(host, 'poll', { count: 3, players: 4 })).toMatchObject({ ephemeral: true, data: { content: 'Poll opened.' } })
    const poll = (await server.api('GET', '/api/polls/open')).body
    expect(poll).toMatchObject({ status: 'open', add_winner: true })
    expect(poll.candidates).toHaveLength(3)
    await messageOf(poll.id)
    expect(await fake.command(ann, 'close')).toMatchObject(refusal)
    expect((await server.api('GET', '/api/polls/open')).body.status).toBe('open')
    expect((await fake.command(host, 'close')).data!.content).toMatch(/^Poll closed\./)
    expect(await server.api('GET', '/api/polls/open')).toMatchObject({ status: 404 })
    expect(await fake.command(host, 'close')).toMatchObject({ ephemeral: true, data: { content: 'No open poll' } })
  })

  test('with Message Content: thisgame++/--, poll numbers and chatter, by discord:USERNAME, each message once', async () => {
    const server = await readyServer()
    await connect(server)
    const session = (await server.api('POST', '/api/sessions')).body
    await server.api('POST', `/api/sessions/${session.id}/games`, { game_id: server.games[0].id })
    const [dee, eve] = [fake.user('dee', { globalName: 'Dee!' }), fake.user('eve')]
    fake.say(dee, 'thisgame++ love it')
    fake.say(eve, 'hello all')
    fake.say(eve, 'thisgame++', fake.otherChannelId) // another channel: not read
    await until(server.status, (s) => s.counts.up === 1 && s.counts.ignored === 1)
    fake.redeliverLast('MESSAGE_CREATE') // Discord may deliver an event twice
    const [a, b] = server.games
    await server.api('POST', '/api/polls', { gameIds: [a.id, b.id] })
    fake.say(eve, '2')
    await until(server.status, (s) => s.counts.poll === 1)
    expect(await server.voters()).toEqual([['discord:dee', 'up']])
    expect((await server.api('GET', '/api/polls/open')).body.candidates.map((candidate: any) => candidate.votes)).toEqual([0, 1])
    expect((await server.status()).counts).toEqual({ up: 1, down: 0, poll: 1, queue: 0, ignored: 1 })
  })

  test('without Message Content (close 4014): connected without it, buttons and commands still work, messages not read', async () => {
    const closed = await startFakeDiscord({ messageContent: false })
    try {
      const server = await readyServer(closed)
      await server.api('POST', '/api/chat/discord', { channel_id: closed.channelId, bot_token: closed.token })
      const status = await until(server.status, (s) => s.state === 'connected')
      expect(status.message_content).toBe(false)
      expect(closed.identifies.map((identify) => (identify.intents & (1 << 15)) !== 0)).toEqual([true, false])
      const session = (await server.api('POST', '/api/sessions')).body
      await server.api('POST', `/api/sessions/${session.id}/games`, { game_id: server.games[0].id })
      const fay = closed.user('fay')
      closed.say(fay, 'thisgame++')
      expect(await closed.command(fay, 'vote', {}, 'down')).toMatchObject({ data: { content: 'Voted down on Quiplash' } })
      const poll = (await server.api('POST', '/api/polls', { gameIds: [server.games[1].id, server.games[2].id] })).body
      const message = await messageOf(poll.id, closed)
      expect(await closed.press(fay, message.id, `poll:${poll.id}:2`)).toMatchObject({ data: { content: 'Your vote: Drawful' } })
      expect((await until(server.status, (s) => s.counts.poll === 1)).counts).toEqual({ up: 0, down: 1, poll: 1, queue: 0, ignored: 0 })
    } finally {
      await closed.close()
    }
  })

  test('a Resume in the middle of a poll: nothing lost, nothing counted twice; the same message after a restart', { timeout: 60_000 }, async () => {
    const store = await openTestStore()
    cleanups.push(() => store.close())
    const first = await serverOn(store, 'first')
    const games = []
    for (const title of ['Quiplash', 'Fibbage', 'Drawful']) games.push((await first.api('POST', '/api/games', { pack_name: 'Party Pack', title, min_players: 3, max_players: 8 })).body)
    await first.api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: fake.token })
    await until(first.status, (s) => s.state === 'connected')
    const poll = (await first.api('POST', '/api/polls', { gameIds: games.map((game) => game.id) })).body
    const message = await messageOf(poll.id)
    const [gus, hal] = [fake.user('gus'), fake.user('hal')]
    expect(await fake.press(gus, message.id, `poll:${poll.id}:1`)).toMatchObject({ data: { content: 'Your vote: Quiplash' } })

    const resumes = fake.resumes.length
    const identifies = fake.identifies.length
    fake.drop()
    const pressed = fake.press(hal, message.id, `poll:${poll.id}:3`) // sent while the bot is away: replayed on Resume
    fake.say(hal, 'not a vote')
    expect(await pressed).toMatchObject({ failed: false, data: { content: 'Your vote: Drawful' } })
    expect(fake.resumes.length).toBe(resumes + 1)
    expect(fake.identifies.length).toBe(identifies)
    await until(first.status, (s) => s.state === 'connected' && s.counts.poll === 2 && s.counts.ignored === 1)

    // The same interaction and message delivered again (a replay): answered and counted once.
    const replies = fake.sent.filter((entry) => entry.kind === 'reply').length
    fake.redeliverLast('INTERACTION_CREATE')
    fake.redeliverLast('MESSAGE_CREATE')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(fake.sent.filter((entry) => entry.kind === 'reply').length).toBe(replies)
    expect((await first.status()).counts).toEqual({ up: 0, down: 0, poll: 2, queue: 0, ignored: 1 })
    await until(() => message.content, (content) => content.includes('3. Drawful (Party Pack): 1 vote'))

    // A restart: the next server edits the same message and posts no new one.
    await first.close()
    const posted = fake.sent.filter((entry) => entry.kind === 'message').length
    const again = await serverOn(store, 'again')
    await until(again.status, (s) => s.state === 'connected')
    expect(await fake.press(gus, message.id, `poll:${poll.id}:2`)).toMatchObject({ data: { content: 'Your vote: Fibbage' } })
    await until(() => message.content, (content) => content.includes('2. Fibbage (Party Pack): 1 vote') && content.includes('1. Quiplash (Party Pack): 0 votes'))
    await again.api('POST', `/api/polls/${poll.id}/close`)
    await until(() => message.components.length, (n) => n === 0)
    expect(fake.sent.filter((entry) => entry.kind === 'message').length).toBe(posted)
  })
})

describe('the viewer queue', () => {
  test('/join and /leave answered privately, !join and !leave typed, by discord:USERNAME named by global_name; a replay after a Resume counts once', { timeout: 60_000 }, async () => {
    const server = await readyServer()
    await connect(server)
    const [zoe, bob, cy] = [fake.user('zoe', { globalName: 'Zoë' }), fake.user('bob'), fake.user('cy', { globalName: 'Cy Twombly' })]
    const answer = (content: string) => ({ type: 4, failed: false, ephemeral: true, data: { content, flags: 64 } })
    const counted = (queue: number, ignored: number) => until(server.status, (s) => s.counts.queue === queue && s.counts.ignored === ignored)
    const entries = async () => (await server.api('GET', '/api/queue')).body.entries
      .map(({ user, name, seat_name, state, position }: Record<string, unknown>) => ({ user, name, seat_name, state, position }))

    expect(await fake.command(zoe, 'join')).toMatchObject(answer('The queue is closed')) // no session yet
    await server.api('POST', '/api/sessions')
    expect(await fake.command(zoe, 'join')).toMatchObject(answer('The queue is closed')) // a new session's queue starts closed
    await server.api('POST', '/api/queue/open', {})
    expect(await fake.command(zoe, 'join')).toMatchObject(answer('You are number 1 in the queue'))
    expect(await fake.command(bob, 'join')).toMatchObject(answer('You are number 2 in the queue'))
    expect(await fake.command(zoe, 'join')).toMatchObject(answer('You are number 1 in the queue')) // already waiting: her place
    fake.say(cy, '!join')
    await counted(3, 3)
    expect(await entries()).toEqual([
      { user: 'discord:zoe', name: 'Zoë', seat_name: 'ZOE', state: 'waiting', position: 1 },
      { user: 'discord:bob', name: 'bob', seat_name: 'BOB', state: 'waiting', position: 2 },
      { user: 'discord:cy', name: 'Cy Twombly', seat_name: 'CYTWOMBLY', state: 'waiting', position: 3 },
    ])

    await server.api('POST', '/api/queue/seat', { count: 1 })
    expect(await fake.command(zoe, 'join')).toMatchObject(answer('You are already in the queue')) // seated: no number to give
    expect(await fake.command(bob, 'leave')).toMatchObject(answer('You left the queue'))
    expect(await fake.command(bob, 'leave')).toMatchObject(answer('You are not in the queue'))
    await server.api('POST', '/api/queue/close')
    expect(await fake.command(bob, 'join')).toMatchObject(answer('The queue is closed'))
    fake.say(cy, '!leave') // leaving works while closed
    await counted(5, 6)

    // Cy's typed !join and Bob's /join, both removed by the host, then delivered again after a
    // Resume: were either applied again, its sender would be back in line.
    await server.api('POST', '/api/queue/open', {})
    fake.say(cy, '!JOIN me')
    await counted(6, 6)
    expect(await fake.command(bob, 'join')).toMatchObject(answer('You are number 2 in the queue'))
    for (const entry of (await server.api('GET', '/api/queue')).body.entries.filter((one: { state: string }) => one.state === 'waiting')) {
      await server.api('DELETE', `/api/queue/entries/${entry.id}`)
    }
    await counted(7, 6)
    const [resumes, replies] = [fake.resumes.length, fake.sent.filter((entry) => entry.kind === 'reply').length]
    fake.drop()
    await until(() => fake.resumes.length, (n) => n > resumes)
    await until(server.status, (s) => s.state === 'connected')
    fake.redeliverLast('MESSAGE_CREATE')
    fake.redeliverLast('INTERACTION_CREATE')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(fake.sent.filter((entry) => entry.kind === 'reply').length).toBe(replies)
    expect((await server.status()).counts).toEqual({ up: 0, down: 0, poll: 0, queue: 7, ignored: 6 })
    expect(await entries()).toEqual([{ user: 'discord:zoe', name: 'Zoë', seat_name: 'ZOE', state: 'seated', position: null }])
  })
})

test('two servers on one store: exactly one bot; the other takes over when it goes away', async () => {
  const stores = await openSharedStores(2)
  const a = await serverOn(stores[0], 'server-a')
  const b = await serverOn(stores[1], 'server-b')
  const connections = fake.connections()
  await b.api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: fake.token })
  await until(a.status, (s) => s.state === 'connected')
  await new Promise((resolve) => setTimeout(resolve, 500)) // several lease rounds of both servers
  expect(fake.connections()).toBe(connections + 1)
  // Whichever server holds it goes away; the other takes the bot at once (the lease is given up):
  // it holds the lease and opens a connection of its own.
  const owner = async () => (await stores[0].read((tx) => tx.getChatConnector('discord')))?.owner
  const servers = { 'server-a': a, 'server-b': b }
  const holder = (await owner()) as keyof typeof servers
  const other = holder === 'server-a' ? 'server-b' : 'server-a'
  const identifies = fake.identifies.length
  await servers[holder].close()
  await until(owner, (id) => id === other, 15_000)
  await until(() => fake.identifies.length, (n) => n === identifies + 1)
  await until(servers[other].status, (s) => s.state === 'connected')
  expect(fake.connections()).toBe(connections + 1)
  await servers[other].api('DELETE', '/api/chat/discord')
})

test('the bot token is in no answer, log line or audit entry', async () => {
  const server = await readyServer()
  await connect(server)
  await server.api('GET', '/api/chat')
  await server.api('DELETE', '/api/chat/discord')
  await server.api('POST', '/api/chat/discord', { channel_id: fake.channelId, bot_token: 'refused-token-value' })
  await until(server.status, (s) => s.state === 'failed')
  const audit = await server.api('GET', '/api/audit')
  expect(audit.status).toBe(200)
  expect(audit.text).toContain('discord')
  for (const event of await server.core.events.after(0, 1000)) seen.push(event.body)
  for (const text of seen) {
    expect(text).not.toContain(fake.token)
    expect(text).not.toContain('refused-token-value')
  }
})
