// The YouTube chat panel on the Session page, in real Chromium against a served app and a local
// fake of the YouTube Data API: the admin pastes a live stream's link and an API key and
// connects, sees the reading, the quota used and what chat votes did; the key is never on the
// page after connecting. (The public sees none of it: chat-panels.test.ts.)
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, screenshot, TV } from '../helpers/browser.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let youtube: FakeYouTube
let server: WebServer
let browser: Browser
let page: Page
let problems: string[]
beforeAll(async () => {
  youtube = await startFakeYouTube()
  ;[server, browser] = await Promise.all([startWebServer({ YOUTUBE_API_URL: youtube.url }), connectBrowser()])
  // The refused video and key are expected.
  ;({ page, problems } = await openPage(browser, TV, { expected: (url) => url.endsWith('/api/chat/youtube') }))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await youtube?.close()
})

const panel = () => page.getByRole('region', { name: 'YouTube chat' })
const chatStatus = () => page.getByRole('status', { name: 'YouTube chat status' })

test('the admin connects a live stream; chat votes show in the counts and the game\'s votes, with the quota used', { timeout: 60_000 }, async () => {
  const session = await server.admin('POST', '/api/sessions', { notes: 'Stream night' })
  const game = (await server.admin('GET', '/api/games'))[0]
  await server.admin('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })
  youtube.goLive('webStream01')

  await page.goto(`${server.url}/session`)
  await page.getByRole('heading', { name: `Session #${session.id}` }).waitFor()
  await page.getByRole('button', { name: 'Admin login' }).click()
  await page.getByLabel('Admin key').fill(ADMIN_KEY)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: 'YouTube chat' }).waitFor()

  await panel().getByLabel('YouTube video').fill('https://vimeo.com/42')
  await panel().getByRole('button', { name: 'Connect' }).click()
  await expect.poll(() => panel().getByRole('alert').textContent()).toBe('video must be a YouTube video id or URL')
  await panel().getByLabel('YouTube video').fill('https://www.youtube.com/watch?v=webStream01')
  await panel().getByLabel('API key').fill('AIzaNotAKeyGoogleKnows')
  await panel().getByRole('button', { name: 'Connect' }).click()
  await expect.poll(() => panel().getByRole('alert').textContent()).toBe('YouTube refused the API key')

  await panel().getByLabel('API key').fill(youtube.key)
  await panel().getByLabel('Check every').selectOption('5')
  await panel().getByRole('button', { name: 'Connect' }).click()
  await expect.poll(async () => (await chatStatus().textContent()) ?? '').toMatch(/^Connected · video webStream01 · reading since /)
  await expect.poll(async () => (await panel().getByLabel('YouTube quota').textContent()) ?? '').toMatch(/^Quota used today: 6 of 10,000 units \(checks every 5 s; resets /)

  youtube.post('webStream01', { channelId: 'UCviewerA0000000000000', text: 'thisgame++' })
  youtube.post('webStream01', { channelId: 'UCviewerB0000000000000', text: 'thisgame++ so good' })
  youtube.post('webStream01', { channelId: 'UCviewerC0000000000000', text: 'thisgame--' })
  youtube.post('webStream01', { channelId: 'UCviewerD0000000000000', text: 'hello' })
  await panel().getByText('2 up · 1 down · 0 poll votes · 0 queue joins and leaves · 1 ignored').waitFor({ timeout: 15_000 }) // the next read, within 5 s
  const item = page.getByRole('listitem').filter({ hasText: game.title })
  await expect.poll(async () => (await item.textContent()) ?? '').toContain('+2 / -1')
  await expect.poll(async () => (await panel().getByLabel('YouTube quota').textContent()) ?? '').toMatch(/^Quota used today: (11|16) of 10,000 units/)
  expect(await page.content()).not.toContain(youtube.key)
  await screenshot(page, 'session-youtube-chat')

  await panel().getByRole('button', { name: 'Disconnect' }).click()
  await panel().getByLabel('YouTube video').waitFor()
  expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
})
