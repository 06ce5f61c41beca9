// Editing the catalogue and moving it in and out as CSV, through the built binary.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
beforeAll(assertCliBuilt)
afterAll(temp.remove)

describe.concurrent('game-picker catalogue commands', () => {
  it('adds, edits, flags, filters and removes games and packs', async () => {
    const env = { GAME_PICKER_DB: 'edit.sqlite' }
    await cli(['init', '--empty'], { cwd, env })
    const alpha = await cliJson(['games', 'add', '--pack', 'Pack A', '--title', 'Alpha', '--min', '2', '--max', '6', '--minutes', '10', '--type', 'Drawing'], { cwd, env })
    expect(alpha).toMatchObject({ id: 1, pack_name: 'Pack A', title: 'Alpha', length_minutes: 10, game_type: 'Drawing', enabled: 1, favor_bias: 0 })
    await cliJson(['games', 'add', '--pack', 'Pack A', '--title', 'Beta', '--min', '3', '--max', '8', '--minutes', '30', '--family-friendly'], { cwd, env })
    expect(await cli(['games', 'add', '--pack', 'Pack A', '--title', 'Alpha', '--min', '2', '--max', '4'], { cwd, env }))
      .toMatchObject({ code: 1, stderr: 'error: A game with this title already exists in this pack\n' })

    expect(await cliJson(['games', 'edit', '2', '--title', 'Beta Max', '--no-family-friendly'], { cwd, env })).toMatchObject({ id: 2, title: 'Beta Max', family_friendly: 0 })
    expect(await cliJson(['games', 'toggle', '2'], { cwd, env })).toMatchObject({ id: 2, enabled: 0 })
    expect(await cliJson(['games', 'favor', '1', 'favor'], { cwd, env })).toEqual({ message: 'Game favor updated', favor_bias: 1 })
    const [enabled, show] = await Promise.all([cliJson(['games', 'list', '--enabled', '--players', '4'], { cwd, env }), cli(['games', 'show', '1'], { cwd, env })])
    expect(enabled.map((game: { id: number }) => game.id)).toEqual([1])
    expect(show.stdout).toMatch(/^ID: +1\nTitle: +Alpha\nPack: +Pack A\nPlayers: +2-6\nLength \(min\): +10\n[\s\S]*\nFavor: +favor\n/)

    expect((await cli(['games', 'remove', '2'], { cwd, env })).stdout).toBe('Deleted #2 Beta Max (Pack A) with its play history and votes.\n')
    expect(await cli(['games', 'show', '2'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: Game not found\n' })
  })

  it('weights and switches whole packs', async () => {
    const env = { GAME_PICKER_DB: 'packs.sqlite' }
    const pack = 'The Jackbox Party Pack 7'
    await cli(['init'], { cwd, env })
    expect(await cliJson(['packs', 'favor', pack, 'disfavor'], { cwd, env })).toEqual({ message: 'Pack favor updated', favor_bias: -1 })
    expect(await cliJson(['packs', 'disable', pack], { cwd, env })).toEqual({ message: 'Pack disabled', gamesAffected: 5 })
    const [packs, table] = await Promise.all([cliJson(['packs', 'list'], { cwd, env }), cli(['packs', 'list'], { cwd, env })])
    expect(packs.find((entry: { name: string }) => entry.name === pack))
      .toEqual({ id: expect.any(Number), name: pack, favor_bias: -1, created_at: expect.any(String), total_count: 5, enabled_count: 0, total_plays: 0 })
    expect(table.stdout).toMatch(/^Pack +Games +Enabled +Plays +Favor\n[\s\S]*\nThe Jackbox Party Pack 7 +5 +0 +0 +disfavor\n/)
    expect(await cliJson(['packs', 'enable', pack], { cwd, env })).toEqual({ message: 'Pack enabled', gamesAffected: 5 })
  })

  it('exports CSV, asks before a replace, imports files and the bundled catalogue', async () => {
    const env = { GAME_PICKER_DB: 'csv.sqlite' }
    await cli(['init'], { cwd, env })
    const [toFile, toStdout] = await Promise.all([cli(['export', 'games', '-o', 'all.csv'], { cwd, env }), cli(['export', 'games'], { cwd, env })])
    expect(toFile.stderr).toBe('Wrote 62 games to all.csv.\n')
    expect(readFileSync(join(cwd, 'all.csv'), 'utf8')).toBe(toStdout.stdout)
    const header = toStdout.stdout.split('\n')[0]
    const kept = toStdout.stdout.split('\n')[1]
    writeFileSync(join(cwd, 'small.csv'), `${header}\n${kept}\nHouse Rules,Charades,2,20,,No,Yes,Acting,\n`)
    writeFileSync(join(cwd, 'bad.csv'), `${header}\nHouse Rules,Charades,two,20,,No,Yes,,\n`)

    const refused = await cli(['import', 'games', 'small.csv', '--mode', 'replace'], { cwd, env })
    expect(refused).toMatchObject({ code: 2, stderr: 'error: Replace: 61 games not in the file would be deleted, with their play history and votes. Pass --yes to confirm.\n' })
    expect(await cliJson(['import', 'games', 'small.csv', '--mode', 'replace', '--yes'], { cwd, env })).toEqual({ message: 'Successfully imported 2 games', count: 2, mode: 'replace' })
    expect(await cliJson(['games', 'list'], { cwd, env })).toHaveLength(2)
    expect(await cli(['import', 'games', 'bad.csv'], { cwd, env })).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: Row 2: min_players/) })
    expect((await cli(['import', 'games', '--builtin', 'jackbox'], { cwd, env })).stdout).toBe('Successfully imported 62 games (append).\n')
    expect(await cliJson(['games', 'list'], { cwd, env })).toHaveLength(63)
  })
})
