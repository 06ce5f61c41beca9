#!/usr/bin/env node
// A stand-in for Twitch chat on this machine, to try the chat connector and the viewer queue
// without a stream: the same fake the tests use (test/helpers/fake-twitch.ts), speaking Twitch's
// chat protocol, driven by messages typed here. Start the server with TWITCH_CHAT_URL set to the
// address this prints, and connect the channel it names.
//
//   node scripts/fake-twitch-chat.mjs [--port 5051] [--channel mystream]   (or: npx -y pnpm@10 fake-chat)
//
// Commands: LOGIN: TEXT (a viewer's message) | name LOGIN DISPLAY NAME | help | quit
import { loadFake, promptLoop } from './load-fake.mjs'

const option = (name, fallback) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : fallback
}
const channel = option('--channel', 'mystream').toLowerCase()
const { startFakeTwitch } = await loadFake('fake-twitch')
const twitch = await startFakeTwitch({ port: Number(option('--port', '5051')) })
const displayNames = new Map() // login -> display name

console.log(`Fake Twitch chat at ${twitch.url}, channel ${channel}
Start Game Picker with:  TWITCH_CHAT_URL=${twitch.url} npx -y pnpm@10 start   (or: game-picker serve)
Then connect the Twitch channel "${channel}" on the Session page (or: game-picker chat twitch --channel ${channel}).
Type "ann: !join" to send a message from the viewer ann. Type "help" for the commands.`)

const help = `LOGIN: TEXT               a message from that viewer (e.g. "ann: !join", "bob: thisgame++")
name LOGIN DISPLAY NAME   the name Twitch shows for that viewer (e.g. "name zoe Zoë"); default the login
quit`

function run(line) {
  const text = line.trim()
  if (text === '') return
  if (text === 'help') return console.log(help)
  if (text === 'quit' || text === 'exit') return void twitch.close().then(() => process.exit(0))
  const named = /^name\s+(\w+)\s+(.+)$/.exec(text)
  if (named) {
    displayNames.set(named[1].toLowerCase(), named[2])
    return console.log(`${named[1].toLowerCase()} shows as ${named[2]}`)
  }
  const message = /^(\w{1,25}):\s*(.+)$/.exec(text)
  if (!message) throw new Error('type LOGIN: TEXT, or "help"')
  const login = message[1].toLowerCase()
  if (twitch.readers(channel) === 0) console.log(`(nobody reads #${channel} yet: connect it in Game Picker first)`)
  twitch.say(channel, { login, displayName: displayNames.get(login), text: message[2] })
}

await promptLoop('chat> ', run, () => twitch.close())
