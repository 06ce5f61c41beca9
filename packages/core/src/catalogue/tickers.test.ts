// Tickers: validation, upper-casing, one game per ticker in any case, CSV, the bundled list,
// and votes that name their game by ticker (live and imported) under the 1-second rule.
import { beforeEach, describe, expect, test } from 'vitest'
import { BUNDLED_TICKERS } from './bundled-tickers.ts'
import { readBuiltinCatalogue } from './catalogue.ts'
import type { Core } from '../core.ts'
import { parseGamesCsv } from './csv.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'
import type { Game } from '../common/types.ts'

let core: Core
let clock: TestClock
let quiplash: Game
let drawful: Game

beforeEach(async () => {
  ;({ core, clock } = await createTestCore())
  quiplash = await core.games.create(gameInput({ title: 'Quiplash 3', ticker: 'qpl3' }))
  drawful = await core.games.create(gameInput({ title: 'Drawful 2' }))
})

describe('a game ticker', () => {
  test('is upper-cased, optional, and unique in any case', async () => {
    expect(quiplash.ticker).toBe('QPL3')
    expect(drawful.ticker).toBeNull()
    await expect(core.games.create(gameInput({ title: 'Other', ticker: 'Qpl3' })))
      .rejects.toMatchObject({ code: 'CONFLICT', message: 'Ticker already in use: QPL3' })
    await expect(core.games.update(drawful.id, { ticker: 'qPL3' }))
      .rejects.toMatchObject({ code: 'CONFLICT', message: 'Ticker already in use: QPL3' })
    expect((await core.games.update(quiplash.id, { ticker: 'QPL3' })).ticker).toBe('QPL3') // its own
    expect((await core.games.update(drawful.id, { ticker: 'draw2' })).ticker).toBe('DRAW2')
    expect((await core.games.update(drawful.id, { ticker: null })).ticker).toBeNull()
  })

  test.each([['Q'], ['TOOLONG99'], ['QP-3'], ['QPL 3'], [''], [42], [true], ['ÄÖ']])('%j is refused and nothing changes', async (ticker) => {
    await expect(core.games.create(gameInput({ title: 'New', ticker }))).rejects
      .toMatchObject({ code: 'INVALID_INPUT', message: 'ticker must be 2 to 8 letters or digits' })
    await expect(core.games.update(drawful.id, { ticker })).rejects
      .toMatchObject({ code: 'INVALID_INPUT', message: 'ticker must be 2 to 8 letters or digits' })
    expect((await core.games.list()).map((game) => [game.title, game.ticker])).toEqual([['Drawful 2', null], ['Quiplash 3', 'QPL3']])
  })

  test('travels through CSV export and import; a file without the column leaves tickers alone', async () => {
    const { csv } = await core.csv.export()
    expect(csv.split('\n')[2]).toMatch(/,QPL3$/)
    await core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players\nPack A,Quiplash 3,3,8\n', mode: 'append' })
    expect((await core.games.get(quiplash.id)).ticker).toBe('QPL3')
    // Tickers swapped between two games in one file do not collide on the way.
    await core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players,Ticker\nPack A,Quiplash 3,3,8,DRAW2\nPack A,Drawful 2,3,8,qpl3\n' })
    expect((await core.games.list()).map((game) => game.ticker)).toEqual(['QPL3', 'DRAW2'])
    await expect(core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players,Ticker\nPack B,New,3,8,QPL3\n' }))
      .rejects.toMatchObject({ code: 'CONFLICT', message: 'Ticker already in use: QPL3' })
    await expect(core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players,Ticker\nPack B,X,3,8,AB\nPack B,Y,3,8,ab\n' }))
      .rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Row 3: Ticker already in use: AB' })
    await expect(core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players,Ticker\nPack B,X,3,8,A\n' }))
      .rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Row 2: ticker must be 2 to 8 letters or digits' })
    // A replace that drops the holder may give its ticker to a new game.
    await core.csv.import({ csvData: 'Pack Name,Title,Min Players,Max Players,Ticker\nPack B,New,3,8,QPL3\n', mode: 'replace' })
    expect((await core.games.list()).map((game) => [game.title, game.ticker])).toEqual([['New', 'QPL3']])
  })

  test('the bundled catalogue carries the bundled tickers, each unique and well formed', async () => {
    const rows = await parseGamesCsv(readBuiltinCatalogue())
    expect(rows.map((row) => [row.pack_name, row.title, row.ticker])).toEqual(BUNDLED_TICKERS)
    expect(new Set(BUNDLED_TICKERS.map(([, , ticker]) => ticker)).size).toBe(62)
    expect(BUNDLED_TICKERS).toEqual(expect.arrayContaining([
      ['The Jackbox Party Pack 7', 'Quiplash 3', 'QPL3'], ['The Jackbox Party Pack 6', 'Trivia Murder Party 2', 'TMP2'],
      ['Drawful 2', 'Drawful 2', 'DRAW2'], ['The Jackbox Party Pack 9', 'Fibbage 4', 'FIB4'],
    ]))
  })
})

describe('ticker votes', () => {
  async function sessionPlayingDrawful() {
    const session = await core.sessions.start()
    clock.set('2026-11-22T20:00:00.000Z')
    await core.sessionGames.add(session.id, { game_id: drawful.id })
    return session
  }

  test('a live vote with a ticker goes to that game in the active session, with no session game', async () => {
    const session = await sessionPlayingDrawful()
    const result = await core.votes.live({ username: 'ann', vote: 'up', timestamp: '2026-11-22T19:00:00.000Z', ticker: 'qpl3' })
    expect(result).toMatchObject({ game: { id: quiplash.id, title: 'Quiplash 3', upvotes: 1, popularity_score: 1 }, session: { id: session.id } })
    expect(await core.store.read((tx) => tx.listVotes(session.id))).toMatchObject([
      { session_id: session.id, session_game_id: null, game_id: quiplash.id, username: 'ann', type: 'up', timestamp: '2026-11-22T19:00:00.000Z' }])
    expect((await core.stats()).topRatedGames.map((game) => game.title)).toEqual(['Quiplash 3'])
  })

  test('unknown ticker, no active session, and the 1-second rule across both kinds', async () => {
    await expect(core.votes.live({ username: 'ann', vote: 'up', timestamp: '2026-11-22T20:00:00.000Z', ticker: 'QPL3' }))
      .rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No active session' })
    await sessionPlayingDrawful()
    await expect(core.votes.live({ username: 'ann', vote: 'up', timestamp: '2026-11-22T20:00:00.000Z', ticker: 'nope' }))
      .rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Unknown ticker: NOPE' })
    await core.votes.live({ username: 'ann', vote: 'up', timestamp: '2026-11-22T20:00:01.000Z' })
    await expect(core.votes.live({ username: 'ann', vote: 'down', timestamp: '2026-11-22T20:00:01.500Z', ticker: 'QPL3' }))
      .rejects.toMatchObject({ code: 'CONFLICT', message: 'Duplicate vote', details: { timeSinceLastVote: 500 } })
    await core.votes.live({ username: 'ann', vote: 'down', timestamp: '2026-11-22T20:00:02.000Z', ticker: 'QPL3' })
    await expect(core.votes.live({ username: 'ann', vote: 'up', timestamp: '2026-11-22T20:00:02.900Z' }))
      .rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await core.games.get(quiplash.id)).toMatchObject({ upvotes: 0, downvotes: 1 })
    expect(await core.games.get(drawful.id)).toMatchObject({ upvotes: 1, downvotes: 0 })
  })

  test('a chat import counts ticker votes for games not playing, under the same rules', async () => {
    const session = await sessionPlayingDrawful()
    const at = (s: number) => `2026-11-22T20:10:${String(s).padStart(2, '0')}.000Z`
    const result = await core.importChat(session.id, { chatData: [
      { username: 'ann', message: 'QPL3++ what a classic', timestamp: at(1) },
      { username: 'bob', message: 'loved it qpl3--', timestamp: at(2) },
      { username: 'cat', message: 'thisgame++', timestamp: at(3) },
      { username: 'cat', message: 'QPL3++', timestamp: at(3) }, // within 1 s of cat's vote: ignored
      { username: 'dan', message: 'QPL3++ thisgame--', timestamp: at(4) }, // two marks: no vote
      { username: 'eve', message: 'XYZ9++', timestamp: at(5) }, // nobody's ticker: chat
      { username: 'fay', message: 'isQPL3++', timestamp: at(6) }, // not a whole word
    ] })
    expect(result).toMatchObject({
      messagesImported: 7, votesProcessed: 3,
      votesByGame: { [quiplash.id]: { title: 'Quiplash 3', upvotes: 1, downvotes: 1 }, [drawful.id]: { upvotes: 1, downvotes: 0 } },
      debug: { voteMessages: 4, unmatchedVotes: 0 },
    })
    const votes = await core.store.read((tx) => tx.listVotes(session.id))
    expect(votes.map((vote) => [vote.username, vote.game_id, vote.session_game_id === null])).toEqual([
      ['ann', quiplash.id, true], ['bob', quiplash.id, true], ['cat', drawful.id, false]])
  })
})
