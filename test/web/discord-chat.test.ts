// The Discord panel on the Session page, in real Chromium against a served app and a local fake
// Discord: the admin connects the bot with a channel id and a token, a poll opened from the Pick
// page appears in the channel with its buttons, three members press, the poll closes with the
// winner edited into the message and added to the session, and the panel shows what happened.
// (The public sees none of it: chat-panels.test.ts.)
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, screenshot, TV } from '../helpers/browser.ts'
import { type FakeDiscord, type FakeMessage, startFakeDiscord } from '../helpers/fake-discord.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let discord: FakeDiscord
let server: WebServer
let browser: Browser
let page: Page
let problems: string[]
beforeAll(async () => {
  discord = await startFakeDiscord()
  ;[server, browser] = await Promise.all([startWebServer({ DISCORD_API_URL: discord.apiUrl }), connectBrowser()])
  // The refused channel id is expected.
  ;({ page, problems } = await openPage(browser, TV, { expected: (url) => url.endsWith('/api/chat/discord') }))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await discord?.close()
})

const panelStatus = () => page.getByRole('status', { name: 'Discord status' })
const pollMessage = () => [...discord.messages.values()].reverse().find((message) => message.components.length > 0)
const buttons = (message: FakeMessage) => message.components.flatMap((row: any) => row.components)

test('the admin connects the bot; a poll from the Pick page gets buttons in the channel; presses, the winner, the session', { timeout: 90_000 }, async () => {
  const session = await server.admin('POST', '/api/sessions', { notes: 'Discord night' })
  await page.goto(`${server.url}/session`)
  await page.getByRole('heading', { name: `Session #${session.id}` }).waitFor()
  await page.getByRole('button', { name: 'Admin login' }).click()
  await page.getByLabel('Admin key').fill(ADMIN_KEY)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: 'Discord' }).waitFor()

  const panel = page.getByRole('region', { name: 'Discord' })
  await page.getByLabel('Discord channel id').fill('general')
  await page.getByLabel('Bot token').fill(discord.token)
  await panel.getByRole('button', { name: 'Connect' }).click()
  await expect.poll(() => panel.getByRole('alert').textContent()).toBe('channel_id must be a Discord channel id')
  await page.getByLabel('Discord channel id').fill(discord.channelId)
  await panel.getByRole('button', { name: 'Connect' }).click()
  await expect.poll(async () => (await panelStatus().textContent()) ?? '', { timeout: 15_000 }).toMatch(new RegExp(`^Connected · channel ${discord.channelId} · reading since `))
  expect(await page.getByLabel('Bot token').count()).toBe(0) // the form is gone; the token is never shown again

  const ann = discord.user('ann')
  expect((await discord.command(ann, 'pick', { count: 2 })).data!.content).toMatch(/^Picked:\n1\. .+\n2\. .+$/)

  await page.goto(`${server.url}/`)
  await page.getByLabel('Candidates').fill('3')
  await page.getByRole('button', { name: 'Let the room choose' }).click()
  await page.waitForURL(/\/poll$/)
  const message = await discord.waitFor(() => pollMessage())
  const [first, second] = buttons(message)
  expect(buttons(message)).toHaveLength(3)
  const winnerTitle = second.label.replace(/^2\. /, '')
  expect((await discord.press(ann, message.id, first.custom_id)).data!.content).toBe(`Your vote: ${first.label.replace(/^1\. /, '')}`)
  expect((await discord.press(discord.user('bob'), message.id, second.custom_id)).data!.content).toBe(`Your vote: ${winnerTitle}`)
  expect((await discord.press(discord.user('cy'), message.id, second.custom_id)).data!.content).toBe(`Your vote: ${winnerTitle}`)
  await expect.poll(() => message.content, { timeout: 10_000 }).toContain(': 2 votes')

  await page.getByRole('button', { name: 'Close poll' }).click()
  await expect.poll(() => message.components.length, { timeout: 10_000 }).toBe(0)
  expect(message.content.split('\n')[0]).toMatch(new RegExp(`^\\*\\*Poll closed\\.\\*\\* Winner: ${winnerTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`))
  // The bot answers the events in order (the closed poll's edit first), through Discord's rate
  // limits: on a busy machine this comes well after the close, so it is given 30 s.
  await discord.waitFor(() => [...discord.messages.values()].find((entry) => entry.content.startsWith(`Now playing: ${winnerTitle} (`)), 30_000)

  await page.goto(`${server.url}/session`)
  await page.getByRole('listitem').filter({ hasText: winnerTitle }).waitFor()
  await page.getByText('0 up · 0 down · 3 poll votes · 0 queue joins and leaves · 0 ignored').waitFor()
  await screenshot(page, 'session-discord')

  await panel.getByRole('button', { name: 'Disconnect' }).click()
  await page.getByLabel('Discord channel id').waitFor()
  expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
})
