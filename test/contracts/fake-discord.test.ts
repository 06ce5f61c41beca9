// The fake Discord speaks the protocol the real discord.js client expects: these tests drive it
// with discord.js itself (REST through `rest.api`, the Gateway URL from GET /gateway/bot), so the
// bot's tests elsewhere stand on a fake that a real client accepts.
import {
  ButtonStyle, Client, ComponentType, Events, GatewayIntentBits, type Interaction, type Message, MessageFlags,
} from 'discord.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type FakeDiscord, INTENTS, startFakeDiscord } from '../helpers/fake-discord.ts'

let fake: FakeDiscord
const clients: Client[] = []

beforeAll(async () => { fake = await startFakeDiscord({ heartbeatInterval: 200 }) })
afterAll(() => fake.close())
afterEach(async () => { await Promise.all(clients.splice(0).map((client) => client.destroy())) })

function newClient(intents: number[]): Client {
  const client = new Client({ intents, rest: { api: fake.apiUrl } })
  clients.push(client)
  return client
}

async function connected(intents = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent]) {
  const client = newClient(intents)
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()))
  await client.login(fake.token)
  await ready
  return client
}

describe('the fake Discord under discord.js', () => {
  it('identifies with the intents, sends READY and the guild, and answers heartbeats', async () => {
    const client = await connected()
    expect(fake.identifies.at(-1)!.intents).toBe(INTENTS.GUILDS | INTENTS.GUILD_MESSAGES | INTENTS.MESSAGE_CONTENT)
    expect(client.user!.id).toBe(fake.bot.id)
    expect(client.application!.id).toBe(fake.applicationId)
    const guild = client.guilds.cache.get(fake.guildId)!
    expect(guild.channels.cache.get(fake.channelId)!.name).toBe('games-night')
    const before = fake.heartbeats
    await fake.waitFor(() => fake.heartbeats >= before + 2)
    await fake.waitFor(() => client.ws.ping >= 0)
  })

  it('registers guild commands, answers a slash command and a button, and creates and edits messages', async () => {
    const client = await connected()
    const guild = client.guilds.cache.get(fake.guildId)!
    await guild.commands.set([{ name: 'ping', description: 'Ping', options: [{ name: 'times', description: 'How many', type: 4 }] }])
    expect(fake.commands().map((command) => command.name)).toEqual(['ping'])

    client.on(Events.InteractionCreate, async (interaction: Interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ content: `pong ${interaction.options.getInteger('times')} by ${interaction.user.username}` })
      } else if (interaction.isButton()) {
        await interaction.reply({ content: `pressed ${interaction.customId}`, flags: MessageFlags.Ephemeral })
      }
    })
    const ann = fake.user('ann')
    const answer = await fake.command(ann, 'ping', { times: 3 })
    expect(answer).toMatchObject({ type: 4, failed: false, ephemeral: false, data: { content: 'pong 3 by ann' } })

    const channel = await client.channels.fetch(fake.channelId)
    if (!channel?.isSendable()) throw new Error('not a text channel')
    const message = await channel.send({
      content: 'Pick one',
      components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: 'one', label: 'One' }] }],
    })
    expect(fake.messages.get(message.id)!.content).toBe('Pick one')
    const pressed = await fake.press(ann, message.id, 'one')
    expect(pressed).toMatchObject({ type: 4, ephemeral: true, data: { content: 'pressed one' } })
    await message.edit({ content: 'Picked' })
    expect(fake.messages.get(message.id)!.history.map((entry) => entry.content)).toEqual(['Pick one', 'Picked'])
  })

  it('runs a command without options as its member (global_name read by discord.js), answered ephemerally with flags 64', async () => {
    const client = await connected()
    await client.guilds.cache.get(fake.guildId)!.commands.set([{ name: 'join', description: 'Join the queue' }])
    const raw: any[] = []
    client.on(Events.Raw, (packet: any) => { if (packet.t === 'INTERACTION_CREATE') raw.push(packet.d) })
    const seen: unknown[] = []
    client.on(Events.InteractionCreate, async (interaction: Interaction) => {
      if (!interaction.isChatInputCommand()) return
      seen.push([interaction.commandName, interaction.options.data.length, interaction.user.username, interaction.user.globalName])
      await interaction.reply({ content: 'You are number 1 in the queue', flags: MessageFlags.Ephemeral })
    })
    const answer = await fake.command(fake.user('zoe', { globalName: 'Zoë' }), 'join')
    expect(answer).toMatchObject({ type: 4, failed: false, ephemeral: true, data: { content: 'You are number 1 in the queue', flags: 64 } })
    await fake.command(fake.user('plain'), 'join')
    expect(seen).toEqual([['join', 0, 'zoe', 'Zoë'], ['join', 0, 'plain', null]])
    expect(raw.map((data) => [data.type, data.data.type, 'options' in data.data, 'user' in data, data.member.user.global_name]))
      .toEqual([[2, 1, false, false, 'Zoë'], [2, 1, false, false, null]])
  })

  it('fails an interaction nobody answers within the deadline, and refuses a late answer', async () => {
    const client = await connected()
    const late: Promise<unknown>[] = []
    client.on(Events.InteractionCreate, (interaction) => {
      if (!interaction.isChatInputCommand()) return
      late.push(new Promise((resolve) => setTimeout(resolve, 3200)).then(() => interaction.reply('late')).catch((error: unknown) => error))
    })
    const outcome = await fake.command(fake.user('bob'), 'ping')
    expect(outcome).toMatchObject({ failed: true, type: null })
    const error = await late[0] as { code?: number }
    expect(error.code).toBe(10062) // Unknown interaction
  })

  it('delivers message content only with the Message Content intent', async () => {
    const withContent = await connected()
    const withoutContent = await connected([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages])
    const seen = (client: Client) => new Promise<Message>((resolve) => client.on(Events.MessageCreate, (message) => {
      if (!message.author.bot) resolve(message)
    }))
    const [full, empty] = [seen(withContent), seen(withoutContent)]
    fake.say(fake.user('cy'), 'thisgame++')
    expect((await full).content).toBe('thisgame++')
    expect((await empty).content).toBe('')
  })

  it('closes with 4014 when the Message Content switch is off, and refuses a wrong token', async () => {
    fake.setMessageContent(false)
    try {
      const client = newClient([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent])
      const closed = new Promise<number>((resolve) => client.on(Events.ShardDisconnect, (event) => resolve(event.code)))
      void client.login(fake.token).catch(() => {})
      expect(await closed).toBe(4014)
    } finally { fake.setMessageContent(true) }
    const refused = newClient([GatewayIntentBits.Guilds])
    await expect(refused.login('not-the-token')).rejects.toMatchObject({ code: 'TokenInvalid' })
  })

  it('resumes after a drop and after op 7, replaying what was missed; identifies anew after op 9', async () => {
    const client = await connected()
    const texts: string[] = []
    client.on(Events.MessageCreate, (message) => { if (!message.author.bot) texts.push(message.content) })
    const dee = fake.user('dee')
    const identifies = fake.identifies.length
    fake.drop()
    fake.say(dee, 'while away') // kept for the session and replayed on Resume
    await fake.waitFor(() => fake.resumes.length > 0 && texts.includes('while away'))
    fake.reconnect()
    await fake.waitFor(() => fake.resumes.length > 1)
    fake.say(dee, 'after op 7')
    await fake.waitFor(() => texts.includes('after op 7'))
    expect(fake.identifies.length).toBe(identifies)
    fake.invalidateSessions(false)
    await fake.waitFor(() => fake.identifies.length === identifies + 1)
    await fake.waitFor(() => client.isReady() && fake.connections() === 1)
    fake.say(dee, 'new session')
    await fake.waitFor(() => texts.includes('new session'))
    expect(texts).toEqual(['while away', 'after op 7', 'new session'])
  })
})
