import { beforeEach, describe, expect, test } from 'vitest'
import { readBuiltinCatalogue } from './catalogue.ts'
import type { Core } from '../core.ts'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core
beforeEach(async () => void ({ core } = await createTestCore()))

const HEADER = 'Pack Name,Title,Min Players,Max Players,Length (minutes),Audience,Family Friendly,Game Type,Secondary Type,Ticker'

describe('CSV', () => {
  test('export → replace-import into an empty database → export gives identical bytes', async () => {
    await core.importBuiltin()
    await core.games.create(gameInput({ pack_name: 'Mine, "quoted"', title: 'Line\nbreak', length_minutes: null }))
    const first = await core.csv.export()
    expect(first.filename).toBe('games-export-2026-11-22.csv')
    expect(first.csv.split('\n')[0]).toBe(HEADER)
    const { core: fresh } = await createTestCore()
    expect(await fresh.csv.import({ csvData: first.csv, mode: 'replace' })).toEqual({
      message: 'Successfully imported 63 games', count: 63, mode: 'replace',
    })
    expect((await fresh.csv.export()).csv).toBe(first.csv)
  })

  test('the bundled catalogue has the 62 Jackbox games', async () => {
    expect(await core.importBuiltin()).toMatchObject({ count: 62 })
    expect((await core.packs.meta()).length).toBeGreaterThanOrEqual(11)
    expect(readBuiltinCatalogue().startsWith(HEADER)).toBe(true)
  })

  test('append upserts by (pack, title), keeping id, flags, favor and history', async () => {
    const game = await core.games.create(gameInput({ title: 'Kept' }))
    await core.games.toggle(game.id)
    await core.games.setFavor(game.id, { favor_bias: 1 })
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: game.id })
    const csvData = `\uFEFF pack name , TITLE ,min players,max players,audience\nPack A,Kept,3,5,yes\nPack A,New,1,2,0\n`
    expect(await core.csv.import({ csvData })).toMatchObject({ count: 2, mode: 'append' })
    expect(await core.games.get(game.id)).toMatchObject({
      min_players: 3, max_players: 5, has_audience: 1, enabled: 0, favor_bias: 1, play_count: 1,
    })
    expect(await core.games.list()).toHaveLength(2)
  })

  test('replace deletes the games not in the file with their plays; sessions remain', async () => {
    const gone = await core.games.create(gameInput({ title: 'Gone' }))
    await core.games.create(gameInput({ title: 'Stays' }))
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: gone.id })
    const csvData = `${HEADER}\nPack A,Stays,2,8,,No,No,,\n`
    expect(await core.csv.plan({ csvData, mode: 'replace' })).toEqual({ count: 1, toDelete: 1 })
    await core.csv.import({ csvData, mode: 'replace' })
    expect((await core.games.list()).map((g) => g.title)).toEqual(['Stays'])
    expect(await core.sessions.get(session.id)).toMatchObject({ games_played: 0 })
  })

  test.each([
    [`${HEADER}\nPack A,Ok,2,8,,No,No,,\nPack A,Bad,two,8,,No,No,,\n`, 'Row 3: min_players must be an integer'],
    [`${HEADER}\nPack A,Ok,2,8,,No,No,,\nPack A,Ok,2,8,,No,No,,\n`, 'Row 3: duplicate of row 2'],
    [`${HEADER}\nPack A,Ok,2,8,,Maybe,No,,\n`, 'Row 2: has_audience must be Yes or No'],
    [`${HEADER}\n,Ok,2,8,,No,No,,\n`, 'Row 2: Missing required fields'],
    ['Title,Min Players\nX,1\n', 'CSV header is missing: pack name, max players'],
  ])('a bad file %# changes nothing: %s', async (csvData, message) => {
    await core.games.create(gameInput({ title: 'Existing' }))
    await expect(core.csv.import({ csvData, mode: 'replace' })).rejects.toMatchObject({ code: 'INVALID_INPUT', message })
    expect((await core.games.list()).map((g) => g.title)).toEqual(['Existing'])
  })

  test('missing data and unknown modes are refused', async () => {
    await expect(core.csv.import({})).rejects.toMatchObject({ message: 'CSV data required' })
    await expect(core.csv.import({ csvData: '  ' })).rejects.toMatchObject({ message: 'CSV data required' })
    await expect(core.csv.import({ csvData: HEADER, mode: 'merge' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
