// The local fake Discord (test/helpers/fake-discord.ts) as a process: for the bench's Discord row
// and for people who want to try the bot without a Discord account.
//   node bench/lib/fake-discord.mjs [--port P]
// prints the DISCORD_API_URL, the bot token and the channel id to give the server, then reads
// lines on stdin as members of the guild acting in the channel:
//   pick ann [players] [count]   /pick        vote ann up|down     /vote
//   poll bob [count] [players]   /poll (bob has Manage Server)     close bob   /close
//   press ann 2                  presses candidate 2 on the newest poll message
//   say ann thisgame++           writes a message             show          the bot's messages
// The TypeScript source is loaded through Vite's module runner (loadTestHelper), imports and all.
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { loadTestHelper } from './common.mjs'

/** startFakeDiscord from the test helper. */
export async function loadFakeDiscord() {
  return (await loadTestHelper('fake-discord.ts')).startFakeDiscord
}

async function main() {
  const { values } = parseArgs({ options: { 'heartbeat-ms': { type: 'string' } } })
  const startFakeDiscord = await loadFakeDiscord()
  const fake = await startFakeDiscord({ heartbeatInterval: Number(values['heartbeat-ms'] ?? 41250) })
  const people = new Map()
  const person = (name) => {
    if (!people.has(name)) people.set(name, fake.user(name, { manageGuild: name === 'bob' || name === 'host' }))
    return people.get(name)
  }
  const pollMessage = () => [...fake.messages.values()].reverse().find((message) => message.components.length > 0)
  const show = (outcome) => console.log(outcome.failed ? '  (the interaction failed: no answer within 3 s)'
    : `  ${outcome.ephemeral ? '(only you) ' : ''}${outcome.data?.content ?? ''}`)
  let printed = 0
  setInterval(() => {
    for (const entry of fake.sent.slice(printed)) {
      if (entry.kind === 'message') console.log(`[#games-night] ${entry.message.content}${entry.message.components.length ? '  [buttons]' : ''}`)
      if (entry.kind === 'edit') console.log(`[edited] ${entry.message.content}`)
      if (entry.kind === 'commands') console.log(`[commands registered] ${entry.commands.map((command) => `/${command.name}`).join(' ')}`)
    }
    printed = fake.sent.length
  }, 200).unref()

  console.log(`fake Discord listening
  DISCORD_API_URL=${fake.apiUrl}
  bot token:  ${fake.token}
  channel id: ${fake.channelId}
Type: pick ann 4 | vote ann up | poll bob 3 | press ann 2 | close bob | say ann thisgame++ | show`)
  for await (const line of createInterface({ input: process.stdin })) {
    const [verb, name = 'ann', ...rest] = line.trim().split(/\s+/)
    try {
      if (verb === 'pick') show(await fake.command(person(name), 'pick', numbers({ players: rest[0], count: rest[1] })))
      else if (verb === 'poll') show(await fake.command(person(name), 'poll', numbers({ count: rest[0], players: rest[1] })))
      else if (verb === 'close') show(await fake.command(person(name), 'close'))
      else if (verb === 'vote') show(await fake.command(person(name), 'vote', {}, rest[0] === 'down' ? 'down' : 'up'))
      else if (verb === 'press') {
        const message = pollMessage()
        const button = message?.components.flatMap((row) => row.components).find((entry) => entry.custom_id.endsWith(`:${rest[0]}`))
        if (!button) console.log('  no such button')
        else show(await fake.press(person(name), message.id, button.custom_id))
      } else if (verb === 'say') fake.say(person(name), rest.join(' '))
      else if (verb === 'show') for (const message of fake.messages.values()) console.log(`${message.id}: ${message.content}`)
      else if (verb) console.log('  pick | vote | poll | press | close | say | show')
    } catch (error) {
      console.log(`  ${String(error)}`)
    }
  }
}

const numbers = (fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined).map(([key, value]) => [key, Number(value)]))

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main()
