// How game-picker.sqlite and its journal beside this script were made: with the release before
// the paged store (commit 6ac0fed, every byte of the database held in memory and the whole file
// rewritten at each checkpoint), built in a checkout of that commit. A checkpointed first night,
// then a second night left in the journal only: the process kills itself before any checkpoint.
// usage (in that checkout, after its build): node make-fixture.mjs FILE
// (the imports below point at where that checkout was built)
const { createCore } = await import('/work/wt-old/packages/core/dist/index.js')
const { createSqliteStore } = await import('/work/wt-old/packages/core/dist/sqlite/index.js')
const file = process.argv[2]
const at = (m) => new Date(Date.UTC(2026, 10, 20, 20, m)).toISOString()
let core = createCore({ store: await createSqliteStore({ file }), now: () => new Date(at(0)) })
await core.importBuiltin()
const games = await core.games.list({})
const s1 = await core.sessions.start({ notes: 'first night' })
await core.sessionGames.add(s1.id, { game_id: games[0].id, room_code: 'ABCD' })
for (let i = 0; i < 20; i++) await core.votes.live({ username: `viewer${i}`, vote: i % 3 ? 'up' : 'down', timestamp: at(1 + i) })
await core.sessions.close(s1.id, { notes: 'a good night' })
await core.webhooks.create({ name: 'bot', url: 'http://127.0.0.1:9/hook', secret: 'fixture-secret', events: ['game.added'] })
await core.close()
core = createCore({ store: await createSqliteStore({ file, idleCheckpointMs: 600_000 }), now: () => new Date(at(30)) })
const s2 = await core.sessions.start({ notes: 'journal tail' })
await core.sessionGames.add(s2.id, { game_id: games[1].id, room_code: 'WXYZ' })
for (let i = 0; i < 10; i++) await core.votes.live({ username: `tail${i}`, vote: 'up', timestamp: at(31 + i) })
process.kill(process.pid, 'SIGKILL')
