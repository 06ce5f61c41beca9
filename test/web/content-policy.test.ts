// The web app under its Content-Security-Policy, in real Chromium: every page works as the admin
// uses it with no violation reported, and a script injected into the page (the admin's token is
// in it) does not run.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, screenshot, TV } from '../helpers/browser.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
let page: Page
let problems: string[]
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  ;({ page, problems } = await openPage(browser, TV))
  // Every violation the policy reports, from the first script on.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { violations: string[] }).violations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations)

test('every page works under the policy, logged in, with no violation and no console error', async () => {
  await server.admin('POST', '/api/sessions', { notes: 'policy night' })
  await page.goto(`${server.url}/`)
  await page.getByRole('button', { name: 'Admin login' }).click()
  await page.getByLabel('Admin key').fill(ADMIN_KEY)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'Log out' }).waitFor()
  await page.getByRole('button', { name: 'Pick', exact: true }).click()
  await page.getByRole('heading', { level: 2 }).first().waitFor()
  for (const [name, heading] of [['Session', 'Session #1'], ['Catalogue', 'Catalogue'], ['Stats', 'Stats'], ['History', 'History']]) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
    await page.getByRole('heading', { name: heading }).first().waitFor()
    expect(await violations(), name).toEqual([])
  }
  await screenshot(page, 'content-policy-history')
  await page.goto(`${server.url}/overlay`)
  await page.waitForLoadState('networkidle')
  expect(await violations()).toEqual([])
  expect(problems).toEqual([])
})

test('an injected inline script does not run, nor an inline event handler; the violation is reported', async () => {
  await page.goto(`${server.url}/session`)
  await page.getByRole('heading', { name: 'Session #1' }).waitFor()
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.injected = sessionStorage.getItem("game-picker-token")'
    document.body.append(script)
    const image = document.createElement('img')
    image.setAttribute('src', 'data:,')
    image.setAttribute('onerror', 'window.handlerRan = true')
    document.body.append(image)
  })
  await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2)
  expect(await page.evaluate(() => ({ injected: (window as any).injected, handler: (window as any).handlerRan }))).toEqual({ injected: undefined, handler: undefined })
  expect((await violations()).every((violation) => violation.startsWith('script-src'))).toBe(true)
  problems.length = 0 // the refusals are logged as console errors: expected here
})

test('the reference page renders under its own policy', async () => {
  await page.goto(`${server.url}/docs`)
  await page.getByRole('heading', { name: /Game Picker API/ }).first().waitFor()
  expect(await violations()).toEqual([])
  expect(problems).toEqual([])
})
