// vitest globalSetup: one Chromium for the whole run, which every browser test file connects to
// (a context of its own each), instead of a browser launched per file. Started on first need:
// the main process launches it when the run begins, and closes it at the end.
import chromium from '@sparticuz/chromium'
import { type BrowserServer, chromium as playwright } from 'playwright-core'
import type { TestProject } from 'vitest/node'

/** A name the browser resolves to 127.0.0.1, as a TV on the network would reach the host's machine by its name. */
export const LAN_HOST = 'gamebox.test'

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string
  }
}

interface RunBrowser { server: Promise<BrowserServer>; users: number }
// Each vitest project runs the global setup; they share one browser through the main process's global.
const shared = globalThis as { gamePickerTestBrowser?: RunBrowser }

async function launch(): Promise<BrowserServer> {
  // --single-process makes closing a context kill the whole browser.
  const args = [...chromium.args.filter((arg) => arg !== '--single-process'), `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]
  return playwright.launchServer({ executablePath: await chromium.executablePath(), args, headless: true })
}

export default async function setup(project: TestProject) {
  const browser = (shared.gamePickerTestBrowser ??= { server: launch(), users: 0 })
  browser.users += 1
  project.provide('chromiumEndpoint', (await browser.server).wsEndpoint())
  return async () => {
    if (--browser.users > 0) return
    shared.gamePickerTestBrowser = undefined
    await (await browser.server).close()
  }
}
