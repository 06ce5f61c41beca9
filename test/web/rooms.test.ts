// The room autopilot in real Chromium: the admin types a room code into "Room code" on the
// Session page, the game the room runs (its app tag) joins the session, and its state and
// players follow live on Session and on the overlay's join card, against the fake room service;
// the lock hides the join card, closing the room marks the game played. Then the overlay's
// `?roomCode=hide` and `?roomCodeDelay=S`.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, PHONE, screenshot, TV, logInAsAdmin } from '../helpers/browser.ts'
import { findLowContrast } from '../helpers/contrast.ts'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let ecast: FakeEcast
let server: WebServer
let browser: Browser
beforeAll(async () => {
  ecast = await startFakeEcast()
  ;[server, browser] = await Promise.all([startWebServer({ ECAST_URL: ecast.url }), connectBrowser()])
  await server.admin('POST', '/api/sessions', { notes: 'Autopilot night' })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await ecast?.close()
})

const logIn = (page: Page) => logInAsAdmin(page, ADMIN_KEY)

const joinHeading = (page: Page) => page.getByRole('heading', { name: 'Join at jackbox.tv' })

test('Follow room: the game joins the session, players join live on Session and the overlay, the lock hides the join card, the end marks it played', async () => {
  const room = ecast.createRoom('WXYZ', { appTag: 'quiplash3', maxPlayers: 6 })
  const sam = room.join('player', 'Sam')
  const admin = await openPage(browser, PHONE, { expected: (url) => url.endsWith('/rooms') })
  await admin.page.goto(`${server.url}/session`)
  await logIn(admin.page)
  const overlay = await openPage(browser, TV)
  await overlay.page.goto(`${server.url}/overlay`)

  // A code no room has: the API's message, nothing added.
  await admin.page.getByLabel('Room code', { exact: true }).fill('nope')
  await admin.page.getByRole('button', { name: 'Follow room' }).click()
  await expect.poll(() => admin.page.getByRole('alert').textContent()).toBe('Room not found')

  await admin.page.getByLabel('Room code', { exact: true }).fill('wxyz')
  await admin.page.getByRole('button', { name: 'Follow room' }).click()
  const item = admin.page.getByRole('listitem').filter({ hasText: 'Quiplash 3' })
  const roomGroup = item.getByRole('group', { name: 'Room WXYZ' })
  const players = item.getByRole('list', { name: 'Players in room WXYZ' }).getByRole('listitem')
  await expect.poll(() => roomGroup.textContent(), { timeout: 10_000 }).toContain('Lobby open')
  await expect.poll(() => players.allTextContents()).toEqual(['Sam'])
  expect(await roomGroup.textContent()).toContain('1 of 6 players')
  expect(await item.textContent()).toContain('playing')
  expect(await admin.page.getByLabel('Room code', { exact: true }).inputValue()).toBe('')
  expect(await admin.page.getByRole('alert').count()).toBe(0)

  await joinHeading(overlay.page).waitFor()
  expect(await overlay.page.getByLabel('Room code').textContent()).toBe('WXYZ')
  expect(await overlay.page.getByText('1 of 6 players', { exact: true }).isVisible()).toBe(true)

  // Players join and one drops, live on both pages (no reload).
  room.join('player', 'Alex')
  room.join('player', 'Robin')
  room.join('audience') // the audience is no player
  await expect.poll(() => players.allTextContents()).toEqual(['Sam', 'Alex', 'Robin'])
  await expect.poll(() => overlay.page.getByText('3 of 6 players', { exact: true }).count()).toBe(1)
  room.disconnect(sam)
  await expect.poll(() => players.allTextContents()).toEqual(['Sam (disconnected)', 'Alex', 'Robin'])
  // Session counts who is connected, the room's line and the player check alike; the join card
  // counts the seats taken, Sam's too (Jackbox keeps it).
  await expect.poll(() => roomGroup.getByText('2 of 6 players', { exact: true }).count()).toBe(1)
  await expect.poll(() => item.getByText('2 players (check monitoring)', { exact: true }).count()).toBe(1)
  expect(await overlay.page.getByText('3 of 6 players', { exact: true }).count()).toBe(1)
  for (const page of [admin.page, overlay.page]) {
    expect(await findLowContrast(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()!.width)
  }
  await screenshot(admin.page, 'session-room-phone')
  await screenshot(overlay.page, 'overlay-join-tv')

  room.lock()
  await expect.poll(() => roomGroup.textContent()).toContain('Game started')
  await expect.poll(() => joinHeading(overlay.page).count()).toBe(0)
  expect(await overlay.page.getByText('WXYZ').count()).toBe(0)
  expect(await overlay.page.getByRole('heading', { level: 1 }).textContent()).toBe('Quiplash 3') // the game card stays

  room.exit()
  await expect.poll(() => roomGroup.textContent(), { timeout: 20_000 }).toContain('Room closed')
  // The status select's value, not the item's text: its options already say "played".
  await expect.poll(() => item.getByLabel('Status for Quiplash 3').inputValue()).toBe('played')
  expect([...admin.problems, ...overlay.problems]).toEqual([])
})

test('?roomCode=hide never shows the code; ?roomCodeDelay=S shows it S seconds after the room was added', async () => {
  const room = ecast.createRoom('HOLD', { appTag: 'triviadeath2', maxPlayers: 8 })
  room.join('player', 'Sam')
  const hidden = await openPage(browser, TV)
  const delayed = await openPage(browser, TV)
  const added: { played_at: string } = await server.admin('POST', '/api/sessions/1/rooms', { room_code: 'HOLD' })
  // 15 s: more than the 10 s the pages may take below to show the room, so that on a busy machine
  // the check that the delay has not run out yet is still made within it.
  const due = Date.parse(added.played_at) + 15_000
  await Promise.all([hidden.page.goto(`${server.url}/overlay?roomCode=hide`), delayed.page.goto(`${server.url}/overlay?roomCodeDelay=15`)])
  for (const page of [hidden.page, delayed.page]) {
    await joinHeading(page).waitFor({ timeout: 10_000 })
    await page.getByText('1 of 8 players', { exact: true }).waitFor()
  }
  expect(Date.now()).toBeLessThan(due) // still within the delay: no code on either
  expect(await delayed.page.getByLabel('Room code').count()).toBe(0)
  await delayed.page.getByLabel('Room code').waitFor({ timeout: 25_000 })
  expect(Date.now()).toBeGreaterThanOrEqual(due)
  expect(await delayed.page.getByLabel('Room code').textContent()).toBe('HOLD')
  expect(await hidden.page.getByText('HOLD').count()).toBe(0)
  expect(await hidden.page.getByLabel('Room code').count()).toBe(0)
  expect([...hidden.problems, ...delayed.problems]).toEqual([])
})
