// Pick in real Chromium, as a newcomer and by keyboard alone, against `game-picker serve` with
// the bundled catalogue (62 games).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { focusOutline, connectBrowser, openPage, PHONE, tabTo, TV } from '../helpers/browser.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Clicks (or presses) and returns the API's answer to the pick it sent. */
async function picked(page: Page, act: () => Promise<void>) {
  const [response] = await Promise.all([page.waitForResponse('**/api/pick'), act()])
  return { request: response.request().postDataJSON(), status: response.status(), body: await response.json() }
}

const pickButton = (page: Page) => page.getByRole('button', { name: 'Pick', exact: true })

test('a newcomer picks with the defaults, re-rolls and reads the odds of every pool game', async () => {
  const { page, problems } = await openPage(browser, TV)
  await page.goto(`${server.url}/`)
  const { body } = await picked(page, () => pickButton(page).click())
  const heading = page.getByRole('heading', { level: 2 })
  expect(await heading.textContent()).toBe(body.game.title)
  const result = page.getByRole('region', { name: body.game.title })
  expect(await result.textContent()).toContain(body.game.pack_name)
  expect(await result.textContent()).toMatch(/\d+(–\d+)? players/)
  expect(await result.textContent()).toContain('Drawn from 62 of 62 enabled games.')
  expect(await page.getByRole('button', { name: 'Add to session' }).count()).toBe(0)

  const again = await picked(page, () => page.getByRole('button', { name: 'Re-roll' }).click())
  expect(await heading.textContent()).toBe(again.body.game.title)

  await page.getByRole('button', { name: 'Show odds' }).click()
  const odds = page.getByRole('list', { name: 'Odds' }).getByRole('listitem')
  await expect.poll(() => odds.count()).toBe(62)
  // Each pool game with its chance, as the API computed it, highest first.
  const expected = again.body.odds.map((entry: any) => `${entry.title} (${entry.pack_name})${(entry.probability * 100).toFixed(1)}%`)
  expect(await odds.allTextContents()).toEqual(expected)
  expect(problems).toEqual([])
})

test('a pick by keyboard alone on a phone, with visible focus', async () => {
  const { page, problems } = await openPage(browser, PHONE)
  await page.goto(`${server.url}/`)
  await page.getByRole('group', { name: 'Packs' }).getByRole('checkbox').first().waitFor()

  const players = page.getByLabel('Players')
  await tabTo(page, players)
  expect(await focusOutline(players)).toBe('3px solid')
  await page.keyboard.type('4')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown') // Length: Any -> Short
  expect(await page.getByLabel('Length').inputValue()).toBe('short')
  await tabTo(page, page.getByLabel('Family friendly only'))
  await page.keyboard.press('Space')
  await tabTo(page, pickButton(page))
  expect(await focusOutline(pickButton(page))).toBe('3px solid')
  const { request, body } = await picked(page, () => page.keyboard.press('Enter'))

  expect(request).toMatchObject({ playerCount: 4, length: 'short', familyFriendly: true })
  const { game } = body
  expect(game.min_players <= 4 && game.max_players >= 4 && game.length_minutes <= 15 && game.family_friendly === 1).toBe(true)
  expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(game.title)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  expect(problems).toEqual([])
})

test('an empty pool shows the API message', async () => {
  const { page } = await openPage(browser, TV)
  await page.goto(`${server.url}/`)
  await page.getByLabel('Players').fill('101')
  const { status } = await picked(page, () => pickButton(page).click())
  expect(status).toBe(404)
  expect(await page.getByRole('alert').textContent()).toBe('No games match the current filters')
  expect(await page.getByRole('heading', { level: 2 }).count()).toBe(0)
})

test('packs and audience overflow narrow and widen the pool', async () => {
  const { page, problems } = await openPage(browser, TV)
  await page.goto(`${server.url}/`)
  // 16 players: Lie Swatter (1-100) and Bracketeering (3-16, Party Pack 4) only.
  await page.getByLabel('Players').fill('16')
  await page.getByRole('group', { name: 'Packs' }).getByLabel('The Jackbox Party Pack 4', { exact: true }).uncheck()
  const onePack = await picked(page, () => pickButton(page).click())
  expect(onePack.request.packs).toHaveLength(15)
  expect(onePack.body).toMatchObject({ game: { title: 'Lie Swatter' }, poolSize: 1 })

  // 20 players fit Lie Swatter alone; with the audience, every audience game of up to 20 joins.
  await page.getByLabel('Players').fill('20')
  const without = await picked(page, () => pickButton(page).click())
  await page.getByLabel('Audience overflow').check()
  const overflow = await picked(page, () => pickButton(page).click())
  expect(without.body.poolSize).toBe(1)
  expect(overflow.request.audienceOverflow).toBe(true)
  expect(overflow.body.poolSize).toBeGreaterThan(1)
  expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(overflow.body.game.title)
  expect(problems).toEqual([])
})

test('the first view, page and every asset as transferred, is at most 100 KB', async () => {
  const { page, problems } = await openPage(browser, TV)
  const responses: import('playwright-core').Response[] = []
  page.on('response', (response) => { if (!response.url().includes('/api/events')) responses.push(response) })
  await page.goto(`${server.url}/`)
  await page.getByRole('group', { name: 'Packs' }).getByRole('checkbox').first().waitFor()
  let transferred = 0
  for (const response of responses) {
    const sizes = await response.request().sizes()
    transferred += sizes.responseBodySize + sizes.responseHeadersSize
  }
  const script = responses.find((response) => response.url().endsWith('.js'))!
  expect(await script.headerValue('content-encoding')).toBe('gzip')
  console.log(`first view: ${responses.length} responses, ${transferred} bytes transferred`)
  expect(transferred).toBeLessThanOrEqual(100 * 1024)
  expect(problems).toEqual([])
})
