// The browser tests hand functions to page.evaluate, which run in the page: they need the DOM types.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/// <reference lib="dom.asynciterable" />
// Real Chromium for the web app's tests: the binary that @sparticuz/chromium ships (extracted
// once to /tmp/chromium), driven by playwright-core. One browser for the run
// (browser-global-setup.ts); each test file connects to it and opens contexts of its own.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium as playwright, type Locator, type Page } from 'playwright-core'
import { inject } from 'vitest'

export { LAN_HOST } from './browser-global-setup.ts'

export const PHONE = { width: 390, height: 844 }
export const TV = { width: 1920, height: 1080 }

/** Screenshots go here (git ignores it); two of them are copied into docs/ for the README. */
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/web/', import.meta.url))

/** The run's browser; closing what this returns closes this file's contexts and disconnects. */
export async function connectBrowser(): Promise<Browser> {
  return playwright.connect(inject('chromiumEndpoint'))
}

export interface WatchedPage {
  page: Page
  context: BrowserContext
  /** Console errors, uncaught exceptions and failed or refused (4xx/5xx) requests seen so far. */
  problems: string[]
}

/**
 * A fresh context (its own sessionStorage) whose page records everything that went wrong;
 * `expected` names the URLs whose 4xx/5xx answers the test provokes on purpose.
 */
export async function openPage(browser: Browser, viewport = TV, options: { expected?: (url: string) => boolean } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // Chromium's line for an answer the test expects (e.g. a 404 it provoked) is no problem.
    if (/status of \d+/.test(message.text()) && options.expected?.(message.location().url || '')) return
    problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`))
  page.on('requestfailed', (request) => {
    // A page left while its event stream is open cancels it: that is no failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400 && !options.expected?.(response.url())) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  return { page, context, problems }
}

/** The page from the top, up to two screens tall; a transparent page stays transparent. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = `${SCREENSHOTS}${name}.png`
  const { width, height } = page.viewportSize()!
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.screenshot({ path, fullPage: true, omitBackground: true, clip: { x: 0, y: 0, width, height: Math.min(pageHeight, 2 * height) } })
  return path
}

/** Presses Tab until `target` has the focus (at most `limit` times): the keyboard-only path. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

/** The focused element's outline as drawn, e.g. "3px solid". */
export function focusOutline(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element)
    return `${style.outlineWidth} ${style.outlineStyle}`
  })
}

/** Logs in as the admin the way a person does: the header's Admin login, the key, Log in. */
export async function logInAsAdmin(page: Page, key: string): Promise<void> {
  await page.getByRole('button', { name: 'Admin login' }).click()
  await page.getByLabel('Admin key').fill(key)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'Log out' }).waitFor()
}
