// The viewer queue in real Chromium, the way a host and a stream use it: the admin opens the
// queue on the Session page, adds names by hand and sees the fair line; the overlay's
// `?queue=show` card shows "Next up" live; seating for a game whose Jackbox room is followed
// (the fake room service) lists the seats, marks who sat down in the room, names who sat down
// unasked, and the lock and the room's end settle them, live on both pages.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, PHONE, screenshot, SCREENSHOTS, TV, type WatchedPage, logInAsAdmin } from '../helpers/browser.ts'
import { findLowContrast } from '../helpers/contrast.ts'
import { type FakeEcast, type FakeRoom, startFakeEcast } from '../helpers/fake-ecast.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let ecast: FakeEcast
let server: WebServer
let browser: Browser
let admin: WatchedPage
let overlay: WatchedPage
let panel: Locator
beforeAll(async () => {
  ecast = await startFakeEcast()
  ;[server, browser] = await Promise.all([startWebServer({ ECAST_URL: ecast.url }), connectBrowser()])
  await server.admin('POST', '/api/sessions', { notes: 'Viewers night' })
  // The API's refusals (a name already queued, a seat with no game playing) are provoked on purpose.
  admin = await openPage(browser, PHONE, { expected: (url) => /\/api\/queue\/(entries|seat)$/.test(url) })
  overlay = await openPage(browser, TV)
  await admin.page.goto(`${server.url}/session`)
  await logIn(admin.page)
  await overlay.page.goto(`${server.url}/overlay?queue=show`)
  panel = admin.page.getByRole('region', { name: 'Queue' })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await ecast?.close()
})

const logIn = (page: Page) => logInAsAdmin(page, ADMIN_KEY)

const alertText = () => panel.getByRole('alert').textContent()
const waitingLine = () => panel.getByRole('list', { name: 'Waiting' }).getByRole('listitem').allTextContents()
const seats = () => panel.getByRole('list', { name: 'Seated' }).getByRole('listitem').allTextContents()
const overlayCard = () => overlay.page.getByRole('region', { name: 'Queue' })
const nextUp = () => overlayCard().getByRole('list', { name: 'Next up' }).getByRole('listitem').allTextContents()
const overlaySeats = () => overlayCard().getByRole('list', { name: 'Seated' }).getByRole('listitem')

async function addByHand(name: string) {
  await panel.getByLabel('Name').fill(name)
  await panel.getByRole('button', { name: 'Add', exact: true }).click()
}

test('the admin opens the queue and adds names by hand; the line shows in fair order, and the overlay\'s Next up with it', async () => {
  await expect.poll(() => panel.textContent()).toContain('Closed')
  expect(await overlayCard().count()).toBe(0) // closed and empty: no card on stream

  await panel.getByLabel('Host players').fill('1')
  await panel.getByRole('button', { name: 'Open queue' }).click()
  await expect.poll(() => panel.textContent()).toContain('Open')
  await expect.poll(() => overlayCard().textContent()).toBe('Next upType !join in chat')

  for (const name of ['Sam', 'Alex', 'Mary Jane', 'Robin', 'Kim', 'Lee']) {
    await addByHand(name)
    await expect.poll(() => panel.getByLabel('Name').inputValue()).toBe('')
  }
  await expect.poll(waitingLine).toEqual([
    '1Sam0 games playedRemove Sam', '2Alex0 games playedRemove Alex', '3Mary Jane0 games playedRemove Mary Jane',
    '4Robin0 games playedRemove Robin', '5Kim0 games playedRemove Kim', '6Lee0 games playedRemove Lee',
  ])
  await expect.poll(nextUp).toEqual(['Sam', 'Alex', 'Mary Jane', 'Robin', 'Kim']) // the first five

  await addByHand('Sam')
  await expect.poll(alertText).toBe('Already in the queue')
  expect(await panel.getByLabel('Name').inputValue()).toBe('Sam') // kept, to correct it
  await panel.getByLabel('Name').fill('')
  await panel.getByRole('button', { name: 'Remove Lee' }).click()
  await expect.poll(waitingLine).toHaveLength(5)
  expect(await panel.getByRole('alert').count()).toBe(0)

  await panel.getByRole('button', { name: 'Seat', exact: true }).click() // no count, no game playing
  await expect.poll(alertText).toBe('count is required when no game is playing')
  expect(await seats()).toEqual([])
  expect(await admin.page.getByRole('list', { name: 'Seated' }).count()).toBe(0)
})

test('seating for a followed room: seats, who joined the room, who sat down unasked, live on Session and the overlay', async () => {
  const room: FakeRoom = ecast.createRoom('WXYZ', { appTag: 'quiplash3', maxPlayers: 8 })
  await server.admin('POST', '/api/sessions/1/rooms', { room_code: 'WXYZ' })
  await admin.page.getByRole('group', { name: 'Room WXYZ' }).waitFor({ timeout: 10_000 })

  await panel.getByLabel('Seats').fill('3')
  await panel.getByRole('button', { name: 'Seat', exact: true }).click()
  await expect.poll(seats).toEqual(['SAMseatedRemove Sam', 'ALEXseatedRemove Alex', 'MARYJANEMary JaneseatedRemove Mary Jane'])
  await expect.poll(waitingLine).toEqual(['1Robin0 games playedRemove Robin', '2Kim0 games playedRemove Kim'])
  expect(await panel.getByLabel('Seats').inputValue()).toBe('')
  await expect.poll(() => overlaySeats().allTextContents()).toEqual(['SAM', 'ALEX', 'MARYJANE'])
  expect(await nextUp()).toEqual(['Robin', 'Kim'])

  // Sam and Mary Jane type their seat names into Jackbox; Zed was never seated.
  room.join('player', 'sam')
  room.join('player', 'Mary Jane')
  room.join('player', 'Zed')
  await expect.poll(seats).toEqual(['SAMjoinedRemove Sam', 'ALEXseatedRemove Alex', 'MARYJANEMary JanejoinedRemove Mary Jane'])
  await expect.poll(() => panel.textContent()).toContain('Not seated by you: Zed')
  await expect.poll(() => overlayCard().getByRole('img', { name: 'joined' }).count()).toBe(2)
  expect(await overlaySeats().filter({ has: overlay.page.getByRole('img', { name: 'joined' }) }).allTextContents()).toEqual(['SAM✓', 'MARYJANE✓'])

  for (const { page } of [admin, overlay]) {
    expect(await findLowContrast(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()!.width)
  }
  // The panel sits below the games: the page from the top, and the panel itself.
  await screenshot(admin.page, 'session-queue-phone')
  await panel.screenshot({ path: `${SCREENSHOTS}session-queue-panel-phone.png` })
  await screenshot(overlay.page, 'overlay-queue-tv')
  await admin.page.setViewportSize(TV)
  await screenshot(admin.page, 'session-queue-tv')
  await admin.page.setViewportSize(PHONE)

  // The game starts: Alex never came (no show), and the stream no longer shows the seats.
  room.lock()
  await expect.poll(seats).toContain('ALEXno showRemove Alex')
  await expect.poll(() => overlayCard().getByRole('list', { name: 'Seated' }).count()).toBe(0)
  expect(await nextUp()).toEqual(['Robin', 'Kim'])

  // The room ends: the game is played, who played goes back to the line behind those who have
  // not played tonight, and the no-show leaves the queue.
  room.exit()
  await expect.poll(waitingLine, { timeout: 20_000 }).toEqual([
    '1Robin0 games playedRemove Robin', '2Kim0 games playedRemove Kim',
    '3Sam1 game playedRemove Sam', '4Mary Jane1 game playedRemove Mary Jane',
  ])
  expect(await seats()).toEqual([])
  await expect.poll(nextUp).toEqual(['Robin', 'Kim', 'Sam', 'Mary Jane'])
  expect(await admin.page.getByText('Not seated by you').count()).toBe(0)
})

test('closing keeps the line on stream; the public Session page has no Queue panel', async () => {
  await panel.getByRole('button', { name: 'Close queue' }).click()
  await expect.poll(() => panel.textContent()).toContain('Closed')
  expect(await panel.getByRole('button', { name: 'Open queue' }).isVisible()).toBe(true)
  expect(await nextUp()).toEqual(['Robin', 'Kim', 'Sam', 'Mary Jane'])

  const visitor = await openPage(browser, PHONE)
  await visitor.page.goto(`${server.url}/session`)
  await visitor.page.getByRole('heading', { name: 'Session #1' }).waitFor()
  expect(await visitor.page.getByRole('region', { name: 'Queue' }).count()).toBe(0)
  expect([...admin.problems, ...overlay.problems, ...visitor.problems]).toEqual([])
})

test('a lost stream: both pages catch up with the queue once it reconnects, without a reload', async () => {
  for (const { page } of [admin, overlay]) await page.evaluate(() => ((window as any).notReloaded = true))
  await server.serve.stop('SIGKILL')
  await expect.poll(() => admin.page.getByRole('status').textContent()).toMatch(/^Disconnected/)
  await server.restart()
  await server.admin('POST', '/api/queue/entries', { name: 'Pat' })
  // Pat has played no game tonight: ahead of Sam and Mary Jane, who played one.
  await expect.poll(waitingLine).toContain('3Pat0 games playedRemove Pat')
  await expect.poll(nextUp).toEqual(['Robin', 'Kim', 'Pat', 'Sam', 'Mary Jane'])
  for (const { page } of [admin, overlay]) expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true)
})
