// Session, vote, chat and webhook commands in-process on a temp file: the rules and messages
// beyond the happy paths the e2e suite runs through the binary.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTempDb } from '../test-helpers/temp-db.ts'

async function createNight() {
  const db = createTempDb()
  await db.run('init', '--empty')
  for (const title of ['One', 'Two', 'Three']) {
    await db.json('games', 'add', '--pack', 'P', '--title', title, '--min', '2', '--max', '8')
  }
  return db
}

describe('sessions', () => {
  it('needs an active session to add to, and picks avoid what the session just played', async () => {
    const db = await createNight()
    expect(await db.run('pick', '--add')).toMatchObject({ code: 1, stderr: expect.stringContaining('No active session: start one with `game-picker sessions start`') })
    expect(await db.run('sessions', 'games')).toMatchObject({ code: 1 })
    await db.json('sessions', 'start')
    await db.json('sessions', 'add', '1')
    await db.json('sessions', 'add', '2')
    // The two most recent games are excluded, so only game 3 is left, whatever the seed.
    for (const seed of ['a', 'b', 'c']) expect((await db.json('pick', '--session', '1', '--seed', seed)).game.id).toBe(3)
    await db.json('sessions', 'add', '3')
    const empty = await db.run('pick', '--session', '1', '--exclude-played', '--json')
    expect(empty.code).toBe(1)
    expect(JSON.parse(empty.stderr)).toEqual({ error: 'No games match the current filters', suggestion: expect.any(String), recentlyPlayed: [1, 2, 3] })
  })

  it('reports the session rules as failures', async () => {
    const db = await createNight()
    await db.json('sessions', 'start')
    const row = await db.json('sessions', 'add', '1')
    const voteAt = (ms: number) => new Date(Date.parse(row.played_at) + ms).toISOString()
    await db.json('vote', 'up', '--user', 'ann', '--at', voteAt(1000))
    const failures = [
      [['sessions', 'start'], 'An active session already exists. Please close it first.\nActive session: #1'],
      [['vote', 'down', '--user', 'ann', '--at', voteAt(1500)], 'Duplicate vote\nPlease wait before voting again'],
      [['sessions', 'delete', '1'], 'Cannot delete an active session. Please close it first.'],
      [['sessions', 'room-code', '1', String(row.id), 'TOOLONG'], 'room_code must be exactly 4 characters'],
      [['sessions', 'remove-game', '1', '99'], 'Session game not found'],
      [['sessions', 'player-count', '2', String(row.id), '4'], 'Session game not found'],
      [['sessions', 'show', '7'], 'Session not found'],
      [['vote', 'up', '--user', 'ann', '--at', '2000-01-01T00:00:00Z'], 'Vote timestamp does not match any game in the session'],
    ] as const
    for (const [argv, message] of failures) {
      const result = await db.run(...argv)
      expect({ argv, code: result.code, stderr: result.stderr }).toEqual({ argv, code: 1, stderr: expect.stringContaining(message) })
    }
    await db.json('sessions', 'close')
    expect(await db.run('sessions', 'close', '1')).toMatchObject({ code: 1, stderr: 'error: Session is already closed\n' })
    expect(await db.run('sessions', 'add', '2', '--session', '1')).toMatchObject({ code: 1, stderr: 'error: Cannot add games to a closed session\n' })
    expect(await db.run('vote', 'up', '--user', 'ann')).toMatchObject({ code: 1, stderr: 'error: No active session\n' })
  })

  it('imports chat logs all or nothing, from an array or a saved request body', async () => {
    const db = await createNight()
    await db.json('sessions', 'start')
    const row = await db.json('sessions', 'add', '1')
    const at = new Date(Date.parse(row.played_at) + 1000).toISOString()
    const write = (name: string, content: string) => writeFileSync(join(db.dir, name), content)
    write('array.json', JSON.stringify([{ username: 'a', message: 'thisgame++', timestamp: at }]))
    write('body.json', JSON.stringify({ chatData: [{ username: 'b', message: 'thisgame--', timestamp: at }] }))
    write('bad-entry.json', JSON.stringify([{ username: 'c', message: 'hi', timestamp: 'soon' }]))
    write('object.json', JSON.stringify({ hello: 1 }))
    write('broken.json', '[{')
    const chat = (file: string) => db.run('chat-import', '1', join(db.dir, file))
    expect((await chat('array.json')).stdout).toMatch(/^Imported 1 messages into session #1 \(0 duplicates skipped\)\.\nVotes counted: 1;/)
    expect(await db.json('chat-import', '1', join(db.dir, 'body.json'))).toMatchObject({ messagesImported: 1, votesProcessed: 1 })
    expect((await chat('array.json')).stdout).toMatch(/^Imported 0 messages into session #1 \(1 duplicates skipped\)/)
    expect(await chat('bad-entry.json')).toMatchObject({ code: 1, stderr: 'error: chatData[0]: timestamp is not a valid date\n' })
    expect(await chat('object.json')).toMatchObject({ code: 1, stderr: 'error: chatData must be an array\n' })
    expect(await chat('broken.json')).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: .*broken.json is not valid JSON/) })
    expect((await db.json('games', 'show', '1'))).toMatchObject({ upvotes: 1, downvotes: 1 })
  })

  it('validates webhooks and exports sessions to files', async () => {
    const db = await createNight()
    expect(await db.run('webhooks', 'add', '--name', 'n', '--url', 'ftp://x', '--secret', 's', '--events', 'game.added'))
      .toMatchObject({ code: 1, stderr: 'error: Invalid URL format\n' })
    expect(await db.run('webhooks', 'edit', '1', '--enable', '--disable')).toMatchObject({ code: 2 })
    expect(await db.run('webhooks', 'logs', '3')).toMatchObject({ code: 1, stderr: 'error: Webhook not found\n' })
    const session = await db.json('sessions', 'start', '--notes', 'Night')
    const row = await db.json('sessions', 'add', '2', '--room-code', 'ABCD')
    await db.json('vote', 'up', '--user', 'ann', '--at', new Date(Date.parse(row.played_at) + 1000).toISOString())
    const out = join(db.dir, 'session.txt')
    expect(await db.run('sessions', 'export', '1', '-o', out)).toEqual({ code: 0, stdout: '', stderr: `Wrote session #1 to ${out}.\n` })
    const text = readFileSync(out, 'utf8')
    expect(text.replace(/^Exported at .*\n$/m, '')).toBe([
      'Game Picker session #1', `Started:      ${session.created_at}`, 'Closed:       (active)', 'Notes:        Night', 'Games played: 1', '',
      'Games', `1. ${row.played_at.slice(11, 19)}  Two (P)  |  status playing  |  players -  |  room ABCD  |  votes +1 / -0`, '',
      'Votes', 'Total: 1 (+1 / -0)', '  Two: +1 / -0', '', '',
    ].join('\n'))
    expect(text).toMatch(/\nExported at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n$/)
    const json = join(db.dir, 'session.json')
    expect(await db.run('sessions', 'export', '1', '--format', 'json', '-o', json)).toMatchObject({ code: 0, stdout: '' })
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({
      session: { id: 1, notes: 'Night', games_played: 1 },
      games: [{ id: row.id, game_id: 2, title: 'Two', room_code: 'ABCD' }],
      votes: [{ game_id: 2, username: 'ann', type: 'up' }],
    })
    expect(await db.run('sessions', 'export', '1', '-o', join(db.dir, 'missing', 'x.txt'))).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: Cannot write .*x.txt: ENOENT/) })
  })
})
