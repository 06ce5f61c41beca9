// Live views in real Chromium: a vote posted to the API shows on /session and on the /overlay
// without a reload, and a lost event stream says so until it reconnects by itself.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, PHONE, TV } from '../helpers/browser.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
let session: Page
let overlay: Page
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  const { id } = await server.admin('POST', '/api/sessions', { notes: 'Stream' })
  await server.admin('POST', `/api/sessions/${id}/games`, { game_id: await gameId('Trivia Murder Party'), room_code: 'WXYZ' })
  ;({ page: session } = await openPage(browser, PHONE))
  ;({ page: overlay } = await openPage(browser, TV))
  await Promise.all([session.goto(`${server.url}/session`), overlay.goto(`${server.url}/overlay`)])
  // Set after the load: a reload would lose them.
  for (const page of [session, overlay]) await page.evaluate(() => ((window as any).notReloaded = true))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function gameId(title: string): Promise<number> {
  const games: { id: number; title: string }[] = await server.admin('GET', '/api/games')
  return games.find((game) => game.title === title)!.id
}
const vote = (vote: 'up' | 'down', username: string) =>
  server.admin('POST', '/api/votes/live', { username, vote, timestamp: new Date().toISOString() })
const notReloaded = (page: Page) => page.evaluate(() => (window as any).notReloaded === true)
const overlayVotes = () => overlay.locator('.overlay-votes').textContent()

test('the overlay is a transparent page with the current game in large type', async () => {
  const title = overlay.getByRole('heading', { level: 1 })
  await expect.poll(() => title.textContent()).toBe('Trivia Murder Party')
  expect(await overlay.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]))
    .toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'])
  expect(parseFloat(await title.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(48)
  expect(await overlayVotes()).toBe('+0 / -0')
  expect(await overlay.getByRole('navigation').count()).toBe(0)
})

test('a vote posted to the API shows on /session and /overlay without a reload', async () => {
  const item = session.getByRole('listitem').filter({ hasText: 'Trivia Murder Party' })
  await expect.poll(() => item.textContent()).toMatch(/playing.*Room WXYZ.*\+0 \/ -0/)

  await vote('up', 'viewer1')
  await expect.poll(overlayVotes).toBe('+1 / -0')
  await expect.poll(() => item.textContent()).toContain('+1 / -0')
  await vote('down', 'viewer2')
  await expect.poll(overlayVotes).toBe('+1 / -1')
  await expect.poll(() => item.textContent()).toContain('+1 / -1')
  expect([await notReloaded(session), await notReloaded(overlay)]).toEqual([true, true])
})

test('room code, player count and the next game reach /session and /overlay from the stream', async () => {
  const [row] = await server.admin('GET', '/api/sessions/1/games')
  await server.admin('PATCH', `/api/sessions/1/games/${row.id}/room-code`, { room_code: 'QRST' })
  await server.admin('PATCH', `/api/sessions/1/games/${row.id}/player-count`, { player_count: 6 })
  const item = session.getByRole('listitem').filter({ hasText: 'Trivia Murder Party' })
  await expect.poll(() => item.textContent()).toMatch(/Room QRST.*6 players/)

  await server.admin('POST', '/api/sessions/1/games', { game_id: await gameId('Drawful 2') })
  await expect.poll(() => overlay.getByRole('heading', { level: 1 }).textContent()).toBe('Drawful 2')
  await expect.poll(() => item.textContent()).toContain('played')
  expect(await session.getByRole('main').getByRole('listitem').allTextContents()).toEqual([
    expect.stringContaining('Trivia Murder Party'), expect.stringContaining('Drawful 2'),
  ])
  expect([await notReloaded(session), await notReloaded(overlay)]).toEqual([true, true])
})

test('a lost stream shows "Disconnected" until it reconnects by itself, then the votes flow again', async () => {
  const status = session.getByRole('status')
  expect(await status.textContent()).toBe('')
  await server.serve.stop('SIGKILL') // as a crash would: no goodbye on the stream
  await expect.poll(() => status.textContent()).toMatch(/^Disconnected/)

  await server.restart()
  await vote('up', 'viewer3') // while the page may still be reconnecting: the stream replays it
  await expect.poll(() => status.textContent()).toBe('')
  await expect.poll(overlayVotes).toBe('+1 / -0')
  const item = session.getByRole('listitem').filter({ hasText: 'Drawful 2' })
  await expect.poll(() => item.textContent()).toContain('+1 / -0')
  expect([await notReloaded(session), await notReloaded(overlay)]).toEqual([true, true])
})
