#!/usr/bin/env node
// A stand-in for Jackbox's room service ("ecast") on this machine, to try the room autopilot
// without a real Jackbox game: the same fake the tests use (test/helpers/fake-ecast.ts), driven
// by commands typed here. Start the server with ECAST_URL set to the address this prints.
//
//   node scripts/fake-room-service.mjs [--port 5050]      (or: npx -y pnpm@10 fake-rooms)
//
// Commands: create CODE [APP_TAG] [MAX_PLAYERS] | join CODE NAME | leave CODE NAME |
//           back CODE NAME | lock CODE | close CODE | outage on|off | rooms | help | quit
import { loadFake, promptLoop } from './load-fake.mjs'

const { startFakeEcast } = await loadFake('fake-ecast')

const portAt = process.argv.indexOf('--port')
const ecast = await startFakeEcast({ port: portAt > 0 ? Number(process.argv[portAt + 1]) : 5050 })
const rooms = new Map() // code -> { room, players: Map<name, id> }

console.log(`Fake Jackbox room service at ${ecast.url}
Start Game Picker with:  ECAST_URL=${ecast.url} npx -y pnpm@10 start   (or: game-picker serve)
Then type "create ABCD quiplash3 8", and "ABCD" into the Session page's Room code (or: game-picker room ABCD).
Type "help" for the commands.`)

const help = `create CODE [APP_TAG] [MAX]  a room running that game (default quiplash3, 8 players)
join CODE NAME               a player joins          leave CODE NAME   a player's phone drops
back CODE NAME               the player comes back   lock CODE         the game starts
close CODE                   the host ends the room  outage on|off     the whole service is down / back
rooms                        the rooms and players   quit`

function run(line) {
  const [command = '', rawCode = '', ...rest] = line.trim().split(/\s+/)
  const code = rawCode.toUpperCase()
  const entry = rooms.get(code)
  const needRoom = () => {
    if (!entry) throw new Error(`no room ${code || '(no code given)'}: create it first`)
    return entry
  }
  switch (command.toLowerCase()) {
    case '': return
    case 'help': return console.log(help)
    case 'create': {
      if (!/^[A-Z0-9]{4}$/.test(code)) throw new Error('a room code is 4 letters or digits')
      const [appTag = 'quiplash3', max = '8'] = rest
      rooms.set(code, { room: ecast.createRoom(code, { appTag, maxPlayers: Number(max) }), players: new Map() })
      return console.log(`room ${code} runs ${appTag}, ${max} player slots`)
    }
    case 'join': {
      const { room, players } = needRoom()
      const name = rest.join(' ') || `PLAYER${players.size + 1}`
      players.set(name, room.join('player', name))
      return console.log(`${name} joined ${code}`)
    }
    case 'leave': case 'back': {
      const { room, players } = needRoom()
      const id = players.get(rest.join(' '))
      if (id === undefined) throw new Error(`no player ${rest.join(' ')} in ${code}`)
      if (command === 'leave') room.disconnect(id)
      else room.reconnect(id)
      return console.log(command === 'leave' ? `${rest.join(' ')} dropped` : `${rest.join(' ')} is back`)
    }
    case 'lock': needRoom().room.lock(); return console.log(`${code} locked: the game started`)
    case 'close': needRoom().room.exit(); rooms.delete(code); return console.log(`${code} closed`)
    case 'outage': ecast.setOutage(code === 'ON'); return console.log(code === 'ON' ? 'service down' : 'service back')
    case 'rooms':
      for (const [name, { players }] of rooms) console.log(`${name}: ${[...players.keys()].join(', ') || 'no players'}`)
      return
    case 'quit': case 'exit': return void ecast.close().then(() => process.exit(0))
    default: throw new Error(`unknown command ${command}: type "help"`)
  }
}

await promptLoop('rooms> ', run, () => ecast.close())
