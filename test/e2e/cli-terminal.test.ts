// What a person at a terminal sees: prompts through a pseudo-terminal (pick -i, games add asking
// for missing fields, the confirmation before a replace import).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir } from '../helpers/cli.ts'
import { cliInPty, KEY } from '../helpers/cli-pty.ts'

const temp = createTempDir()
const cwd = temp.path
beforeAll(assertCliBuilt)
afterAll(temp.remove)

describe.concurrent('game-picker for a person at a terminal', () => {
  it('pick -i re-rolls, accepts and starts a session; games add and a replace import ask first', { timeout: 60_000 }, async () => {
    await cli(['init'], { cwd })

    const pick = await cliInPty(['pick', '-i', '--players', '6', '--seed', 'tty'], [
      { expect: 'Picked from \\d+ of 62 enabled games[\\s\\S]*What now\\?', send: KEY.down + KEY.enter },
      { expect: 'What now\\? Re-roll[\\s\\S]*Picked from[\\s\\S]*What now\\?', send: KEY.enter },
      { expect: 'Start one now\\?', send: `y${KEY.enter}` },
    ], { cwd })
    expect(pick).toMatchObject({ code: 0, error: null })
    expect(pick.screen).toMatch(/Accept \(start a session and add it\)\n {2}Re-roll\n {2}Show the odds\n {2}Quit/)
    const added = /Added (.+) to session #1 \(session game 1\)\./.exec(pick.screen)?.[1]
    expect(await cliJson(['sessions', 'games'], { cwd })).toMatchObject([{ session_id: 1, title: added, status: 'playing' }])

    const add = await cliInPty(['games', 'add', '--pack', 'House Rules'], [
      { expect: 'Title', send: `Charades${KEY.enter}` },
      { expect: 'Minimum players', send: `2${KEY.enter}` },
      // 1 is below the minimum, so the prompt stays; the 0 typed next makes it 10.
      { expect: 'Maximum players', send: `1${KEY.enter}` },
      { expect: 'at least 2', send: `0${KEY.enter}` },
    ], { cwd })
    expect(add).toMatchObject({ code: 0, error: null })
    expect(add.screen).toContain('Added #63 Charades (House Rules).')

    writeFileSync(join(cwd, 'one.csv'), 'Pack Name,Title,Min Players,Max Players\nHouse Rules,Charades,2,10\n')
    const replace = await cliInPty(['import', 'games', 'one.csv', '--mode', 'replace'], [
      { expect: 'Import 1 games and replace the catalogue\\? 62 games not in the file would be deleted', send: `n${KEY.enter}` },
    ], { cwd })
    expect(replace).toMatchObject({ code: 0, error: null })
    expect(replace.screen).toContain('Cancelled; nothing changed.')
    expect(await cliJson(['games', 'list'], { cwd })).toHaveLength(63)
  })

  it('pick -i --count shows candidates and the odds on request, and adds the one the room chose', { timeout: 60_000 }, async () => {
    const env = { GAME_PICKER_DB: 'candidates.sqlite' }
    await cli(['init'], { cwd, env })
    const pick = await cliInPty(['pick', '-i', '--count', '3', '--players', '6', '--seed', 'room', '--db', 'candidates.sqlite'], [
      // Three accepts, then Re-roll, then Show the odds.
      { expect: '3 candidates, drawn in this order[\\s\\S]*Accepting a candidate will start a session and add it\\.[\\s\\S]*What now\\?', send: KEY.down.repeat(4) + KEY.enter },
      { expect: 'Odds of the first draw \\(\\d+ games\\):\\nTitle +Pack +Weight +Chance[\\s\\S]*What now\\?', send: KEY.down + KEY.enter },
      { expect: 'Start one now\\?', send: `y${KEY.enter}` },
    ], { cwd })
    expect(pick).toMatchObject({ code: 0, error: null })
    const second = /\n2\. #\d+ (.+) \(.+\)\n/.exec(pick.screen)?.[1]
    expect(pick.screen).toContain(`Added ${second} to session #1 (session game 1).`)
    expect(await cliJson(['sessions', 'games'], { cwd, env })).toMatchObject([{ title: second, status: 'playing' }])
  })
})
