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

// Flags of @sparticuz/chromium's set (made for AWS Lambda) that the tests leave out:
// --single-process makes closing a context kill the whole browser; the GPU emulated on the CPU
// (SwiftShader through ANGLE) drew every frame at several times the cost of Chromium's software
// compositor, which --disable-gpu selects; and the tests see the web's own security rules
// (same-origin, mixed content), as a person's browser has them.
const LEFT_OUT = new Set([
  '--single-process', '--ignore-gpu-blocklist', '--in-process-gpu', '--use-gl=angle', '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader', '--disable-web-security', '--allow-running-insecure-content',
])

async function launch(): Promise<BrowserServer> {
  const args = [...chromium.args.filter((arg) => !LEFT_OUT.has(arg)), '--disable-gpu', `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]
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
