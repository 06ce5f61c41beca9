// /poll opened on the host's own machine (127.0.0.1), in real Chromium. A phone cannot open
// 127.0.0.1, so the QR code and link use the first URL the server reports (GET /api/network);
// a server on loopback only reports none, and the page says so, with the flag that fixes it.
//
// Tests listen on 127.0.0.1 only, never on the shared machine's network, so the server with
// network URLs is told them (`networkUrls`, as for port forwarding) instead of listening on
// 0.0.0.0; that a server on 0.0.0.0 reports its real addresses is tested with the binary in a
// network of its own (test/e2e/cli-serve-network.test.ts).
import { createSqliteStore } from '@game-picker/sqlite'
import { type RunningServer, startServer } from '@game-picker/http'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser, openPage, screenshot, TV } from '../helpers/browser.ts'
import { decodeQr } from '../helpers/qr.ts'
import { ADMIN_KEY, call, login, createTestCore } from '../helpers/server.ts'
import { startWebServer, type WebServer } from '../helpers/web-server.ts'

const UNREACHABLE = 'Phones cannot reach this server. Start it with --host 0.0.0.0'
const NETWORK_URLS = ['http://192.168.1.20:3000', 'http://10.0.0.5:3000']

let loopbackOnly: WebServer
let offering: RunningServer
let close: () => Promise<void>
let browser: Browser
beforeAll(async () => {
  const core = createTestCore(await createSqliteStore())
  await core.importBuiltin()
  ;[loopbackOnly, offering, browser] = await Promise.all([
    startWebServer(),
    startServer({ core, port: 0, adminKey: ADMIN_KEY, networkUrls: NETWORK_URLS, log: () => {} }),
    connectBrowser(),
  ])
  close = async () => { await offering.close(); await core.close() }
  await loopbackOnly.admin('POST', '/api/polls', { pick: { playerCount: 6, count: 3 }, addWinner: false })
  const opened = await call(offering.url, 'POST', '/api/polls', { token: await login(offering.url), body: { pick: { playerCount: 6, count: 3 }, addWinner: false } })
  expect(opened.status).toBe(201)
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([loopbackOnly?.stop(), close?.()])
})

test('on a server that reports network URLs, the QR code and the link use the first one', async () => {
  const tv = await openPage(browser, TV)
  await tv.page.goto(`${offering.url}/poll`)
  await tv.page.getByRole('img', { name: `QR code for ${NETWORK_URLS[0]}/vote` }).waitFor()
  expect(await decodeQr(tv.page)).toBe(`${NETWORK_URLS[0]}/vote`)
  expect(await tv.page.getByText(`${NETWORK_URLS[0]}/vote`, { exact: true }).isVisible()).toBe(true)
  expect(await tv.page.getByText(offering.url).count()).toBe(0)
  expect(await tv.page.getByText(UNREACHABLE).count()).toBe(0)
  expect(tv.problems).toEqual([])
})

test('on a server listening on loopback only, no QR code: the page says phones cannot reach it, and how to fix it', async () => {
  const tv = await openPage(browser, TV)
  await tv.page.goto(`${loopbackOnly.url}/poll`)
  await tv.page.getByText(UNREACHABLE, { exact: true }).waitFor()
  expect(await tv.page.getByRole('heading', { level: 2, name: 'Vote on your phone' }).isVisible()).toBe(true)
  expect(await tv.page.getByRole('img', { name: /^QR code/ }).count()).toBe(0)
  expect(await tv.page.getByText(`${loopbackOnly.url}/vote`).count()).toBe(0)
  await screenshot(tv.page, 'poll-unreachable-tv')
  expect(tv.problems).toEqual([])
})
