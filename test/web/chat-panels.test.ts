// The chat panels on the Session page, in real Chromium against a served app: they are the
// admin's. The public page shows none of the Twitch, YouTube and Discord controls; the admin's
// page shows each (so the public page's lack of them is not a matter of names that changed).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, TV } from '../helpers/browser.ts'
import { ADMIN_KEY } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

let server: WebServer
let browser: Browser
let visitor: Page
let admin: Page
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWebServer(), connectBrowser()])
  ;[{ page: visitor }, { page: admin }] = await Promise.all([openPage(browser, TV), openPage(browser, TV)])
  await Promise.all([visitor.goto(`${server.url}/session`), admin.goto(`${server.url}/session`)])
  await visitor.getByText('No active session').waitFor()
  await admin.getByRole('button', { name: 'Admin login' }).click()
  await admin.getByLabel('Admin key').fill(ADMIN_KEY)
  await admin.getByRole('button', { name: 'Log in' }).click()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test.each([
  ['Twitch chat', 'Twitch channel'],
  ['YouTube chat', 'YouTube video'],
  ['Discord', 'Discord channel id'],
])('the public Session page has no %s controls; the admin\'s has them', async (panel, field) => {
  await admin.getByRole('region', { name: panel }).getByLabel(field).waitFor()
  expect(await visitor.getByRole('heading', { name: panel }).count()).toBe(0)
  expect(await visitor.getByLabel(field).count()).toBe(0)
})
