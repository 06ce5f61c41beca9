// Tickers, last played, the picker that remembers and the paged History, in real Chromium
// against `game-picker serve` with the bundled catalogue: by role and label, as a user sees them.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, PHONE, screenshot, TV } from '../helpers/browser.ts'
import { findLowContrast } from '../helpers/contrast.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
let quiplash: number
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  const games: { id: number; ticker: string }[] = await server.admin('GET', '/api/games')
  quiplash = games.find((game) => game.ticker === 'QPL3')!.id
  // 25 closed sessions (Quiplash 3 played in the last), then an active one.
  for (let i = 1; i <= 25; i++) {
    const session = await server.admin('POST', '/api/sessions', { notes: `Night ${i}` })
    if (i === 25) await server.admin('POST', `/api/sessions/${session.id}/games`, { game_id: quiplash })
    await server.admin('POST', `/api/sessions/${session.id}/close`, {})
  }
  await server.admin('POST', '/api/sessions', { notes: 'Tonight' })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('History shows 20 sessions, then 20 more with Load more, newest first, without the active one', async () => {
  const { page, problems } = await openPage(browser, PHONE)
  const pages: string[] = []
  page.on('request', (request) => { if (request.url().includes('/api/sessions?')) pages.push(new URL(request.url()).search) })
  await page.goto(`${server.url}/history`)
  const sessions = page.getByRole('article')
  await sessions.first().getByText('Night 25').waitFor()
  expect(await sessions.count()).toBe(19) // a page of 20 sessions, the active one not history yet
  expect(pages).toEqual(['?limit=20'])
  await page.getByRole('button', { name: 'Load more' }).click()
  await sessions.nth(24).waitFor()
  expect(await sessions.count()).toBe(25)
  expect(pages[1]).toMatch(/^\?limit=20&before=\d+$/)
  expect(await sessions.last().textContent()).toContain('Night 1')
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0)
  expect(await findLowContrast(page)).toEqual([])
  await screenshot(page, 'history-load-more-phone')
  expect(problems).toEqual([])
})

test('the catalogue shows each game\'s ticker and when it was last played', async () => {
  const { page, problems } = await openPage(browser, TV)
  await page.goto(`${server.url}/catalogue`)
  const game = page.getByRole('listitem').filter({ hasText: 'Quiplash 3' })
  await game.getByLabel('Ticker QPL3').waitFor()
  expect(await game.textContent()).toMatch(/last played \w+/)
  const never = page.getByRole('listitem').filter({ hasText: 'Fibbage 4' })
  expect(await never.getByLabel('Ticker FIB4').textContent()).toBe('FIB4')
  expect(await never.textContent()).toContain('never played')
  expect(await findLowContrast(page)).toEqual([])
  await screenshot(page, 'catalogue-tickers-tv')
  expect(problems).toEqual([])
})

test('Pick: "Not played lately first" and "Popular first" ask for favorFresh and favorPopular, and the odds show it', async () => {
  const { page, problems } = await openPage(browser, TV)
  await page.goto(`${server.url}/`)
  await page.getByRole('checkbox', { name: 'Not played lately first' }).check()
  await page.getByRole('checkbox', { name: 'Popular first' }).check()
  const [response] = await Promise.all([page.waitForResponse('**/api/pick'), page.getByRole('button', { name: 'Pick', exact: true }).click()])
  expect(response.request().postDataJSON()).toMatchObject({ favorFresh: true, favorPopular: true, explain: true })
  const body = await response.json()
  await page.getByRole('heading', { level: 2 }).waitFor()
  const weight = (id: number) => body.odds.find((entry: { id: number }) => entry.id === id).weight
  expect(weight(quiplash)).toBeCloseTo(1, 2) // just played, no votes
  expect(body.odds[0].weight).toBe(3) // never played
  await page.getByRole('button', { name: 'Show odds' }).click()
  const odds = page.getByRole('list', { name: 'Odds' })
  // 61 games never played weigh 3, Quiplash 3 weighs 1: it is last, at 1 / 184.
  expect(await odds.getByRole('listitem').last().textContent()).toMatch(/^Quiplash 3.*0\.5%$/)
  await screenshot(page, 'pick-favor-tv')
  expect(problems).toEqual([])
})
