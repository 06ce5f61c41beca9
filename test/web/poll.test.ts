// Polls in real Chromium: the admin lets the room choose from the Pick page; the TV's /poll shows
// the candidates, live bars, a countdown and a QR code (decoded here from a screenshot: the TV
// opened the server by its network name, so it is the page's own origin + /vote); two phones
// vote through that URL, one changes its vote; the overlay follows; the admin closes the poll and the winner joins the session.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LAN_HOST, connectBrowser, openPage, PHONE, screenshot, TV } from '../helpers/browser.ts'
import { findLowContrast } from '../helpers/contrast.ts'
import { decodeQr } from '../helpers/qr.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  await server.admin('POST', '/api/sessions', { notes: 'Poll night' })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const votesOf = (page: Page, listName: string) =>
  page.getByRole('list', { name: listName }).getByRole('listitem').allTextContents()
/** The rows a poll list shows: number, title, votes. */
const rows = (titles: string[], votes: number[]) =>
  titles.map((title, i) => `${i + 1}${title}${votes[i]} ${votes[i] === 1 ? 'vote' : 'votes'}`)

test('the room chooses: TV, QR code, two phones, a changed vote, the overlay, closing and the winner added', { timeout: 60_000 }, async () => {
  // The TV browses to the host's machine by its name on the network (the browser maps it to 127.0.0.1).
  const tvUrl = server.url.replace('127.0.0.1', LAN_HOST)
  const tv = await openPage(browser, TV)
  await tv.page.goto(`${tvUrl}/`)
  await tv.page.getByRole('button', { name: 'Admin login' }).click()
  await tv.page.getByLabel('Admin key').fill(ADMIN_KEY)
  await tv.page.getByRole('button', { name: 'Log in' }).click()
  await tv.page.getByLabel('Players').fill('6')
  await tv.page.getByLabel('Candidates').fill('3')
  await tv.page.getByLabel('Time limit').selectOption({ label: '5 minutes' })
  expect(await tv.page.getByLabel('Add the winner to session #1').isChecked()).toBe(true)
  const [opened] = await Promise.all([
    tv.page.waitForResponse((response) => response.url().endsWith('/api/polls') && response.request().method() === 'POST'),
    tv.page.getByRole('button', { name: 'Let the room choose' }).click(),
  ])
  const poll = await opened.json()
  expect(opened.request().postDataJSON()).toMatchObject({ pick: { playerCount: 6, count: 3 }, durationSeconds: 300, addWinner: true })
  await tv.page.waitForURL(`${tvUrl}/poll`)
  const titles: string[] = poll.candidates.map((candidate: { game: { title: string } }) => candidate.game.title)
  await expect.poll(() => votesOf(tv.page, 'Votes')).toEqual(rows(titles, [0, 0, 0]))
  expect(await tv.page.getByRole('heading', { level: 1 }).textContent()).toBe('Let the room choose')
  expect(await tv.page.getByRole('timer', { name: 'Time left' }).textContent()).toMatch(/^[45]:\d\d$/)
  expect(await tv.page.getByText(`${tvUrl}/vote`, { exact: true }).isVisible()).toBe(true)
  const voteUrl = await decodeQr(tv.page)
  expect(voteUrl).toBe(`${tvUrl}/vote`)

  const phones = [await openPage(browser, PHONE), await openPage(browser, PHONE)]
  for (const phone of phones) await phone.page.goto(voteUrl!)
  const voteFor = (phone: Page, title: string) => phone.getByRole('button', { name: `Vote for ${title}` }).click()
  await voteFor(phones[0].page, titles[1])
  await expect.poll(() => phones[0].page.getByText(`Your vote: ${titles[1]}`).count()).toBe(1)
  await expect.poll(() => votesOf(tv.page, 'Votes')).toEqual(rows(titles, [0, 1, 0]))
  await voteFor(phones[1].page, titles[2])
  await expect.poll(() => votesOf(tv.page, 'Votes')).toEqual(rows(titles, [0, 1, 1]))
  // The second phone changes its mind: the vote moves, it does not count twice.
  await voteFor(phones[1].page, titles[1])
  await expect.poll(() => phones[1].page.getByText(`Your vote: ${titles[1]}`).count()).toBe(1)
  await expect.poll(() => votesOf(tv.page, 'Votes')).toEqual(rows(titles, [0, 2, 0]))
  expect(await phones[1].page.getByRole('button', { name: `Vote for ${titles[1]}` }).getAttribute('aria-pressed')).toBe('true')
  for (const page of [tv.page, phones[0].page]) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()!.width)
    expect(await findLowContrast(page)).toEqual([])
  }
  await screenshot(tv.page, 'poll-tv')
  await screenshot(phones[1].page, 'vote-phone')

  const overlay = await openPage(browser, TV)
  await overlay.page.goto(`${server.url}/overlay`)
  await expect.poll(() => votesOf(overlay.page, 'Poll')).toEqual(rows(titles, [0, 2, 0]))
  expect(await overlay.page.getByText('2 votes', { exact: true }).count()).toBe(2) // the bar and the total

  await tv.page.getByRole('button', { name: 'Close poll' }).click()
  await expect.poll(() => tv.page.getByRole('heading', { level: 2, name: titles[1] }).count()).toBe(1)
  expect(await tv.page.getByRole('heading', { level: 1 }).textContent()).toBe('The room has chosen')
  expect(await tv.page.getByText('Added to session #1').count()).toBe(1)
  expect(await tv.page.getByRole('button', { name: 'Close poll' }).count()).toBe(0)
  await expect.poll(() => overlay.page.getByRole('heading', { level: 1 }).textContent()).toBe(`Winner: ${titles[1]}`)
  for (const phone of phones) await expect.poll(() => phone.page.getByText('No poll is open').count()).toBe(1)
  await screenshot(tv.page, 'poll-winner-tv')

  const added = await server.admin('GET', '/api/sessions/1/games')
  expect(added.map((row: { title: string; status: string; manually_added: number }) => [row.title, row.status, row.manually_added]))
    .toEqual([[titles[1], 'playing', 0]])
  for (const page of [tv, overlay, ...phones]) expect(page.problems).toEqual([])
})

test('with no poll open, /vote says so and /poll points to the Pick page', async () => {
  const phone = await openPage(browser, PHONE)
  await phone.page.goto(`${server.url}/vote`)
  await expect.poll(() => phone.page.getByText('No poll is open').count()).toBe(1)
  expect(await phone.page.getByRole('button', { name: /^Vote for/ }).count()).toBe(0)
  const tv = await openPage(browser, TV)
  await tv.page.goto(`${server.url}/poll`)
  await tv.page.getByRole('heading', { level: 1, name: 'The room has chosen' }).waitFor()
  expect(await tv.page.getByRole('img', { name: /^QR code/ }).count()).toBe(0)
  expect([...phone.problems, ...tv.problems]).toEqual([])
})
