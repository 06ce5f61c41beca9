// The Twitch chat connector on the Session page, in real Chromium against a served app and a
// local fake of Twitch's chat: the admin types a channel and connects, sees the connection and
// what chat votes did, and the session's votes move as chat votes. (The public sees none of it:
// chat-panels.test.ts.)
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, screenshot, TV } from '../helpers/browser.ts'
import { type FakeTwitch, startFakeTwitch } from '../helpers/fake-twitch.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let twitch: FakeTwitch
let server: WebServer
let browser: Browser
let page: Page
let problems: string[]
beforeAll(async () => {
  twitch = await startFakeTwitch()
  ;[server, browser] = await Promise.all([startWebServer({ TWITCH_CHAT_URL: twitch.url }), connectBrowser()])
  // The refused channel name is expected.
  ;({ page, problems } = await openPage(browser, TV, { expected: (url) => url.endsWith('/api/chat/twitch') }))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await twitch?.close()
})

const chatStatus = () => page.getByRole('status', { name: 'Twitch chat status' })
/** The Twitch panel: every chat's panel has its own Connect and Disconnect. */
const panel = () => page.getByRole('region', { name: 'Twitch chat' })

test('the admin connects a channel; chat votes show in the connector\'s counts and the game\'s votes', { timeout: 60_000 }, async () => {
  const session = await server.admin('POST', '/api/sessions', { notes: 'Stream night' })
  const game = (await server.admin('GET', '/api/games'))[0]
  await server.admin('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })

  await page.goto(`${server.url}/session`)
  await page.getByRole('heading', { name: `Session #${session.id}` }).waitFor()
  await page.getByRole('button', { name: 'Admin login' }).click()
  await page.getByLabel('Admin key').fill(ADMIN_KEY)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: `Session #${session.id}` }).waitFor()
  await page.getByRole('heading', { name: 'Twitch chat' }).waitFor()

  await page.getByLabel('Twitch channel').fill('no')
  await panel().getByRole('button', { name: 'Connect' }).click()
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('channel must be 3 to 25 letters, digits or _')

  await page.getByLabel('Twitch channel').fill('Web_Stream')
  await panel().getByRole('button', { name: 'Connect' }).click()
  await expect.poll(async () => (await chatStatus().textContent()) ?? '').toMatch(/^Connected · #web_stream · reading since /)
  expect(twitch.readers('web_stream')).toBe(1)

  twitch.say('web_stream', { login: 'viewer_a', text: 'thisgame++' })
  twitch.say('web_stream', { login: 'viewer_b', text: 'thisgame++ so good' })
  twitch.say('web_stream', { login: 'viewer_c', text: 'thisgame--' })
  twitch.say('web_stream', { login: 'viewer_d', text: 'hello' })
  await page.getByText('2 up · 1 down · 0 poll votes · 0 queue joins and leaves · 1 ignored').waitFor()
  const item = page.getByRole('listitem').filter({ hasText: game.title })
  await expect.poll(async () => (await item.textContent()) ?? '').toContain('+2 / -1')
  await screenshot(page, 'session-twitch-chat')

  twitch.drop()
  await expect.poll(async () => (await chatStatus().textContent()) ?? '', { timeout: 10_000 }).toMatch(/^Connected/)

  await panel().getByRole('button', { name: 'Disconnect' }).click()
  await page.getByLabel('Twitch channel').waitFor()
  expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
})
