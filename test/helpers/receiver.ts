import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, onTestFinished } from 'vitest'

// A real HTTP receiver on 127.0.0.1 with a random port, closed when the test finishes.

export interface ReceivedRequest {
  method: string
  headers: IncomingHttpHeaders
  rawBody: string
  receivedAt: number
}

export type ReceiverHandler = (req: IncomingMessage, res: ServerResponse, index: number) => void

export interface Receiver {
  url: string
  requests: ReceivedRequest[]
  /** Resolves once at least `count` requests have arrived. */
  untilRequests(count: number): Promise<void>
}

/** Answers each request with the next status of `statuses` (the last one repeats). */
export function respondWith(...statuses: number[]): ReceiverHandler {
  return (_req, res, index) => {
    res.statusCode = statuses[Math.min(index, statuses.length - 1)]
    res.end('ok')
  }
}

/** Never answers: the sender's timeout has to end the attempt. */
export const hang: ReceiverHandler = () => {}

/** Closed when the test finishes, or, started in a `beforeAll` (`{ forFile: true }`), after the file. */
export async function startReceiver(handler: ReceiverHandler, { forFile = false } = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = []
  const waiters: Array<() => void> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const index = requests.length
      requests.push({
        method: req.method ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      })
      waiters.splice(0).forEach((wake) => wake())
      handler(req, res, index)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  ;(forFile ? afterAll : onTestFinished)(async () => {
    server.closeAllConnections() // hanging requests would otherwise keep close() waiting
    await new Promise((resolve) => server.close(resolve))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    async untilRequests(count) {
      while (requests.length < count) await new Promise<void>((resolve) => waiters.push(resolve))
    },
  }
}

/** A URL on which nothing listens: the port was free a moment ago. */
export async function refusedUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/hook`
}
