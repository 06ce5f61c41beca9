// Every route in real Chromium at phone and TV size, over a database with history: it loads
// without a console error or a failed request, nothing is wider than the screen, every text
// meets WCAG AA contrast, and a screenshot of it lands in test-results/web/.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectBrowser, openPage, PHONE, screenshot, TV } from '../helpers/browser.ts'
import { findLowContrast } from '../helpers/contrast.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  await seedAnEvening(server)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A closed session with played and voted games, and an active one with a game in play. */
async function seedAnEvening(server: WebServer) {
  const games: { id: number; title: string }[] = await server.admin('GET', '/api/games')
  const id = (title: string) => games.find((game) => game.title === title)!.id
  let voter = 0
  const play = async (session: number, title: string, votes: string, extra: object = {}) => {
    await server.admin('POST', `/api/sessions/${session}/games`, { game_id: id(title), ...extra })
    for (const vote of votes) {
      await server.admin('POST', '/api/votes/live', {
        username: `viewer${voter++}`, vote: vote === '+' ? 'up' : 'down', timestamp: new Date().toISOString(),
      })
    }
  }
  await server.admin('POST', '/api/sessions', { notes: 'Friday at Sam’s' })
  await play(1, 'Quiplash 3', '+++-')
  await play(1, 'Trivia Murder Party', '++')
  await play(1, 'Drawful 2', '+--')
  await server.admin('POST', '/api/sessions/1/close', { notes: 'Great night, Quiplash won' })
  await server.admin('POST', '/api/sessions', { notes: 'Stream night' })
  await play(2, 'Quiplash 3', '+')
  await play(2, 'Trivia Murder Party', '+++-', { room_code: 'ABCD' })
  const rows = await server.admin('GET', '/api/sessions/2/games')
  await server.admin('PATCH', `/api/sessions/2/games/${rows[1].id}/player-count`, { player_count: 6 })
}

// What shows once a view has its data.
const ROUTES: [path: string, name: string, ready: (page: Page) => Promise<void>][] = [
  ['/', 'pick', async (page) => {
    await page.getByRole('button', { name: 'Pick', exact: true }).click()
    await page.getByRole('heading', { level: 2 }).waitFor()
  }],
  ['/session', 'session', (page) => page.getByRole('listitem').filter({ hasText: 'Trivia Murder Party' }).waitFor()],
  ['/catalogue', 'catalogue', (page) => page.getByRole('listitem').filter({ hasText: 'Bracketeering' }).waitFor()],
  ['/stats', 'stats', (page) => page.getByRole('img', { name: /^Top rated/ }).waitFor()],
  ['/history', 'history', (page) => page.getByText('Great night, Quiplash won').waitFor()],
  ['/overlay', 'overlay', (page) => page.getByRole('heading', { name: 'Trivia Murder Party' }).waitFor()],
  ['/poll', 'poll-none', (page) => page.getByText('No poll is open.').waitFor()],
  ['/vote', 'vote-none', (page) => page.getByText('No poll is open').waitFor()],
]

describe.each([['tv', TV], ['phone', PHONE]] as const)('at %s size', (size, viewport) => {
  test('every route loads cleanly, fits the screen, meets AA contrast, and is captured', async () => {
    const { page, problems } = await openPage(browser, viewport)
    for (const [path, name, ready] of ROUTES) {
      await page.goto(server.url + path)
      await ready(page)
      expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: viewport.width })
      expect({ path, low: await findLowContrast(page) }).toEqual({ path, low: [] })
      await screenshot(page, `${name}-${size}`)
    }
    expect(problems).toEqual([])
  })
})

test('the stats charts write their numbers on the bars, under a heading each', async () => {
  const { page } = await openPage(browser, TV)
  await page.goto(`${server.url}/stats`)
  await page.getByRole('heading', { level: 2, name: 'Most played' }).waitFor()
  expect(await page.getByRole('definition').allTextContents()).toEqual(['62', '2', '5'])
  await page.getByRole('heading', { level: 2, name: 'Top rated' }).waitFor()
  const mostPlayed = await page.getByRole('img', { name: /^Most played/ }).locator('text').allTextContents()
  expect(mostPlayed.slice(0, 4)).toEqual(['Quiplash 3', '2', 'Trivia Murder Party', '2'])
  const topRated = await page.getByRole('img', { name: /^Top rated/ }).locator('text').allTextContents()
  expect(topRated.slice(0, 2)).toEqual(['Trivia Murder Party', '+5 / -1 (score 4)'])
})

test('history lists closed sessions newest first with their date, notes and games in view', async () => {
  const { page } = await openPage(browser, PHONE)
  await page.goto(`${server.url}/history`)
  const session = page.getByRole('article')
  await session.getByText('Great night, Quiplash won').waitFor()
  expect(await session.count()).toBe(1) // the active session is not history yet
  expect(await session.getByRole('heading', { level: 2 }).textContent()).toMatch(/\d{4}/)
  expect(await session.getByRole('listitem').allTextContents()).toEqual([
    expect.stringMatching(/^Quiplash 3.*played/), expect.stringMatching(/^Trivia Murder Party/), expect.stringMatching(/^Drawful 2/),
  ])
})
