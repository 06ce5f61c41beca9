// The admin in real Chromium: logging in (the token in sessionStorage only), running a session
// from the pick, managing its games, disabling a game so it is no longer picked, and the API's
// messages for a wrong key, a token it no longer accepts and the login limit.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, screenshot, TV } from '../helpers/browser.ts'
import { ADMIN_KEY, call } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
let page: Page
let problems: string[]
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  // One tab for the whole admin evening; the wrong key and the refused room code are expected.
  ;({ page, problems } = await openPage(browser, TV, {
    expected: (url) => url.endsWith('/api/auth/login') || url.endsWith('/room-code'),
  }))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const go = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
const alertText = () => page.getByRole('alert').textContent()

async function logIn(key: string) {
  await page.getByLabel('Admin key').fill(key)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('a wrong key shows the API message; the right one logs in, with the token in sessionStorage only', async () => {
  await page.goto(`${server.url}/`)
  await page.getByRole('button', { name: 'Admin login' }).click()
  await logIn('wrong key')
  await expect.poll(alertText).toBe('Invalid admin key')
  await logIn(ADMIN_KEY)
  await page.getByRole('button', { name: 'Log out' }).waitFor()
  expect(await page.getByRole('alert').count()).toBe(0)
  const storage = await page.evaluate(() => ({ session: Object.keys(sessionStorage), local: localStorage.length, cookie: document.cookie }))
  expect(storage).toEqual({ session: ['game-picker-token'], local: 0, cookie: '' })
  expect(await page.context().cookies()).toEqual([])
})

test('the admin starts a session, adds the pick to it and manages its game', async () => {
  await go('Session')
  await page.getByText('No active session').waitFor()
  await page.getByLabel('Notes').fill('Friday at Sam’s')
  await page.getByRole('button', { name: 'Start session' }).click()
  await page.getByRole('heading', { name: 'Session #1' }).waitFor()

  await go('Pick')
  await page.getByLabel('Players').fill('100') // Lie Swatter is the only game for 100
  await page.getByRole('button', { name: 'Pick', exact: true }).click()
  await page.getByRole('heading', { level: 2, name: 'Lie Swatter' }).waitFor()
  await page.getByRole('button', { name: 'Add to session' }).click()
  await page.getByText('Lie Swatter was added to session #1.').waitFor()

  await go('Session')
  const item = page.getByRole('listitem').filter({ hasText: 'Lie Swatter' })
  await expect.poll(() => item.textContent()).toMatch(/Lie Swatter.*playing.*\+0 \/ -0/)
  await page.getByLabel('Room code for Lie Swatter').fill('ab1')
  await page.getByLabel('Room code for Lie Swatter').press('Enter')
  await expect.poll(alertText).toBe('room_code must be exactly 4 characters, A-Z or 0-9')
  await page.getByLabel('Room code for Lie Swatter').fill('abcd')
  await page.getByLabel('Room code for Lie Swatter').press('Enter')
  await expect.poll(() => item.textContent()).toContain('Room ABCD')
  expect(await page.getByRole('alert').count()).toBe(0)
  await page.getByLabel('Status for Lie Swatter').selectOption('skipped')
  await expect.poll(() => item.textContent()).toContain('skipped')
  await page.getByRole('button', { name: 'Start player check for Lie Swatter' }).waitFor()
  await page.getByRole('button', { name: 'Stop player check for Lie Swatter' }).click()
  await expect.poll(() => item.textContent()).toContain('check stopped')
  await screenshot(page, 'session-admin-tv')

  const rows = await call(server.url, 'GET', '/api/sessions/1/games')
  expect(rows.body).toMatchObject([{ title: 'Lie Swatter', room_code: 'ABCD', status: 'skipped', player_count_check_status: 'stopped' }])
  await page.getByRole('button', { name: 'Close session' }).click()
  await page.getByText('No active session').waitFor()
  expect((await call(server.url, 'GET', '/api/sessions/1')).body).toMatchObject({ is_active: 0, notes: 'Friday at Sam’s' })
})

test('the admin disables a game in the catalogue and it is no longer picked', async () => {
  await go('Pick')
  await page.getByLabel('Players').fill('16') // Lie Swatter and Bracketeering
  await page.getByRole('button', { name: 'Pick', exact: true }).click()
  await page.getByText('Drawn from 2 of 62 enabled games.').waitFor()

  await go('Catalogue')
  await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('bracket')
  await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(1)
  const enabled = page.getByRole('checkbox', { name: 'Enabled: Bracketeering' })
  await enabled.uncheck()
  await expect.poll(() => call(server.url, 'GET', '/api/games?enabled=false').then(({ body }) => body.map((game: any) => game.title)))
    .toEqual(['Bracketeering'])
  const pack = page.getByRole('checkbox', { name: 'Pack enabled: The Jackbox Party Pack 4' })
  await expect.poll(() => pack.evaluate((input: HTMLInputElement) => [input.checked, input.indeterminate])).toEqual([false, true])
  expect(await page.getByRole('combobox', { name: 'Favor for Bracketeering' }).locator('option').allTextContents())
    .toEqual(['Favor', 'Neutral', 'Disfavor'])

  await go('Pick')
  await page.getByLabel('Players').fill('16')
  for (let roll = 0; roll < 3; roll++) {
    await page.getByRole('button', { name: roll === 0 ? 'Pick' : 'Re-roll', exact: true }).click()
    await page.getByText('Drawn from 1 of 61 enabled games.').waitFor()
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Lie Swatter')
  }
  expect(problems.filter((problem) => !problem.includes('the server responded with a status of 4'))).toEqual([])
})

test('logging out forgets the token; one the server no longer accepts shows the API message', async () => {
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('button', { name: 'Admin login' }).waitFor()
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
  expect(await page.getByRole('button', { name: 'Add to session' }).count()).toBe(0)

  await page.evaluate(() => sessionStorage.setItem('game-picker-token', 'not-a-token'))
  await page.reload()
  await expect.poll(alertText).toBe('Invalid or expired token')
  await page.getByRole('button', { name: 'Admin login' }).waitFor()
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
})

test('past the login limit the form shows the API message', async () => {
  for (let attempt = 0; attempt < 10; attempt++) await call(server.url, 'POST', '/api/auth/login', { body: { key: 'guess' } })
  await page.getByRole('button', { name: 'Admin login' }).click()
  await logIn(ADMIN_KEY)
  await expect.poll(alertText).toBe('Too many login attempts. Try again later.')
})
