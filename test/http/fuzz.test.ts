// Property-style fuzzing of the HTTP edge (seeded and bounded, so a failure replays): malformed
// paths, encodings, headers, methods and bodies on every route of a real server, with and
// without a valid token. Properties: never a 5xx; every response carries X-API-Version; every
// 4xx is `{ error: string }` JSON; and afterwards the data reads exactly as before.
// Replay a run with FUZZ_SEED=<seed>; FUZZ_RUNS sets how many requests each property sends.
import { createSeededRandom } from '@game-picker/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFuzzer, type FuzzCase } from '../helpers/fuzz-cases.ts'
import { sendRaw } from '../helpers/raw-http.ts'
import { registeredRoutes, ROUTES } from '../helpers/routes.ts'
import { type SeededIds, seedEverything, snapshot } from '../helpers/api-state.ts'
import { login, startTestServer, type TestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'

const SEED = process.env.FUZZ_SEED ?? 'game-picker-fuzz-1'
const RUNS = Number(process.env.FUZZ_RUNS ?? 300)
const BODY_LIMIT = 4096

let server: TestServer
let token: string
let valid: SeededIds
beforeAll(async () => {
  server = await startTestServer({ file: `${tempDir()}/fuzz.sqlite`, bodyLimitBytes: BODY_LIMIT })
  token = await login(server.url)
  valid = await seedEverything(server.url, token)
})
afterAll(() => server.stop())

test('the route table lists every route the app registers', async () => {
  expect((await registeredRoutes()).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort())
})

describe(`fuzzing every route (seed ${SEED}, ${RUNS} requests per property)`, () => {
  test('without a valid token: no 5xx, JSON errors, nothing changes', async () => {
    await fuzz('anonymous', (fuzzer) => fuzzer.anonymous())
  }, 120_000)

  test('with a valid token, every request carrying something invalid: no 5xx, JSON errors, nothing changes', async () => {
    await fuzz('admin', (fuzzer) => fuzzer.admin(token))
  }, 120_000)

  test('raw requests fetch cannot send (broken request lines, headers, framing, methods): JSON errors', async () => {
    const before = await snapshot(server.url, token)
    const fuzzer = createFuzzer(createSeededRandom(`${SEED}:raw`), valid, BODY_LIMIT)
    const port = Number(new URL(server.url).port)
    for (let i = 0; i < Math.ceil(RUNS / 5); i++) {
      const request = fuzzer.raw()
      const response = await sendRaw(port, request)
      const where = `seed ${SEED}, raw #${i}: ${JSON.stringify(request.slice(0, 300))}`
      expect(response, where).not.toBeNull()
      expect(response!.status, where).toBeLessThan(500)
      expect(response!.headers['x-api-version'], where).toBe('1.0')
      expect(response!.headers['x-content-type-options'], where).toBe('nosniff')
      if (response!.status >= 400) expect(errorOf(response!.body), where).toEqual(expect.any(String))
    }
    expect(await snapshot(server.url, token)).toEqual(before)
  }, 120_000)
})

async function fuzz(name: string, next: (fuzzer: ReturnType<typeof createFuzzer>) => FuzzCase) {
  const before = await snapshot(server.url, token)
  const fuzzer = createFuzzer(createSeededRandom(`${SEED}:${name}`), valid, BODY_LIMIT)
  for (let i = 0; i < RUNS; i++) {
    const request = next(fuzzer)
    const where = `seed ${SEED}, ${name} #${i}: ${describeCase(request)}`
    const response = await fetch(server.url + request.path, {
      method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => error)
    expect(response, where).toBeInstanceOf(Response)
    const { status, headers } = response as Response
    // The event stream stays open: its status and headers are the answer.
    const streaming = headers.get('content-type')?.startsWith('text/event-stream')
    const text = streaming ? await (response as Response).body?.cancel() ?? '' : await (response as Response).text()
    expect(status, where).toBeLessThan(500)
    expect(headers.get('x-api-version'), where).toBe('1.0')
    expect(headers.get('x-content-type-options'), where).toBe('nosniff')
    if (status >= 400 && request.method !== 'HEAD') {
      expect(headers.get('content-type'), where).toMatch(/^application\/json/)
      expect(errorOf(text), where).toEqual(expect.any(String))
    }
  }
  expect(await snapshot(server.url, token)).toEqual(before)
}

const describeCase = (c: FuzzCase) =>
  `${c.method} ${c.path} ${JSON.stringify(c.headers)} ${JSON.stringify(typeof c.body === 'string' ? c.body.slice(0, 200) : c.body && '<bytes>')}`

/** The error message of a `{ error: string }` body; undefined for anything else. */
function errorOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text)
    return typeof body?.error === 'string' && body.error !== '' ? body.error : undefined
  } catch {
    return undefined
  }
}
