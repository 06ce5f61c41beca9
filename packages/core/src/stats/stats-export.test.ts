import { describe, expect, test } from 'vitest'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

describe('stats', () => {
  test('counts; most played by plays, then title; top rated by score, upvotes, then title', async () => {
    const { core, clock } = await createTestCore()
    const [a, b, c] = [await core.games.create(gameInput({ title: 'A' })),
      await core.games.create(gameInput({ title: 'B' })), await core.games.create(gameInput({ title: 'C' }))]
    await core.games.toggle(c.id)
    const session = await core.sessions.start()
    for (const game of [a, b, b]) {
      await core.sessionGames.add(session.id, { game_id: game.id })
      clock.advance(60_000)
    }
    await core.votes.live({ username: 'u1', vote: 'up', timestamp: clock.now().toISOString() })
    const stats = await core.stats()
    expect(stats).toMatchObject({
      games: { count: 3 }, gamesEnabled: { count: 2 }, packs: { count: 1 }, sessions: { count: 1 },
      activeSessions: { count: 1 }, totalGamesPlayed: { count: 3 },
    })
    expect(stats.mostPlayedGames.map((g) => [g.title, g.play_count])).toEqual([['B', 2], ['A', 1]])
    expect(stats.topRatedGames).toEqual([
      { id: b.id, title: 'B', pack_name: 'Pack A', play_count: 2, popularity_score: 1, upvotes: 1, downvotes: 0 },
    ])
  })
})

describe('session export', () => {
  test('json carries session, games, votes and chat; txt is a readable report', async () => {
    const { core } = await createTestCore()
    const game = await core.games.create(gameInput({ title: 'Quiplash' }))
    const session = await core.sessions.start({ notes: 'Stream' })
    await core.sessionGames.add(session.id, { game_id: game.id, room_code: 'ABCD' })
    await core.importChat(session.id, { chatData: [{ username: 'u', message: 'thisgame++', timestamp: '2026-11-22T20:00:01Z' }] })

    const json = await core.exportSession(session.id, 'json')
    expect(json).toMatchObject({ filename: `session-${session.id}.json`, contentType: 'application/json' })
    const data = JSON.parse(json.body)
    expect(data.session).toMatchObject({ id: session.id, notes: 'Stream' })
    expect(data.games[0]).toMatchObject({ title: 'Quiplash', room_code: 'ABCD' })
    expect(data.votes).toEqual([{ game_id: game.id, username: 'u', type: 'up', timestamp: '2026-11-22T20:00:01.000Z' }])
    expect(data.chat_messages).toHaveLength(1)
    expect(data.exported_at).toBe('2026-11-22T20:00:00.000Z')

    const txt = await core.exportSession(session.id)
    expect(txt.filename).toBe(`session-${session.id}.txt`)
    expect(txt.body).toContain(`Game Picker session #${session.id}`)
    expect(txt.body).toMatch(/1\. 20:00:00 {2}Quiplash \(Pack A\) {2}\| {2}status playing .*room ABCD {2}\| {2}votes \+1 \/ -0/)
    await expect(core.exportSession(session.id, 'pdf')).rejects.toMatchObject({ message: 'format must be json or txt' })
    await expect(core.exportSession(99, 'json')).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
