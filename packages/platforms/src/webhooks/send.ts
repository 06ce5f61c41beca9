// One webhook delivery attempt: the signed POST to the receiver, its status or why there was none.
import type { PendingDelivery, SendOptions, SendResult, WebhookSender } from '@game-picker/core'
import { signWebhook } from './sign.ts'

// Loaded at the first attempt, not with the package, so a CLI command that sends nothing starts
// faster; and loaded once: an import() per attempt held on to memory under a stream of deliveries.
let ofetchModule: Promise<typeof import('ofetch')> | undefined
const loadOfetch = () => (ofetchModule ??= import('ofetch'))

/** Exactly one delivery attempt. Never throws: every outcome has to reach the delivery log. */
export const sendWebhook: WebhookSender = async (delivery: PendingDelivery, options: SendOptions): Promise<SendResult> => {
  try {
    const rawBody = JSON.stringify({
      event: delivery.eventType,
      timestamp: delivery.timestamp,
      data: delivery.payload ?? null,
    })
    const timestamp = String(Math.floor(options.at.getTime() / 1000))
    const { ofetch } = await loadOfetch()
    const response = await ofetch.raw(delivery.webhook.url, {
      method: 'POST',
      // A string body is sent byte for byte, so the receiver hashes exactly what we signed.
      body: rawBody,
      headers: {
        'Content-Type': 'application/json',
        'X-Webhook-Event': delivery.eventType,
        'X-Webhook-Delivery': delivery.deliveryId,
        'X-Webhook-Timestamp': timestamp,
        'X-Webhook-Signature': signWebhook(delivery.webhook.secret, timestamp, rawBody),
      },
      timeout: options.timeoutMs,
      // Retries belong to the worker: each attempt must be logged and spaced out durably.
      retry: 0,
      ignoreResponseError: true,
      // A redirect is an answer (final, not followed): re-posting a signed body elsewhere is
      // the receiver's call to make, not ours.
      redirect: 'manual',
      // ofetch's timeout stops at the response headers. The status is all we need, so the
      // body is never read: a receiver that trickles its body cannot hold the attempt open.
      responseType: 'stream',
    })
    response.body?.cancel().catch(() => {})
    return { status: response.status, error: null }
  } catch (error) {
    return { status: null, error: describeFailure(error, options.timeoutMs) }
  }
}

/** A short, log-friendly reason: "timeout after 5000 ms" or "network error: <cause>". */
function describeFailure(error: unknown, timeoutMs: number): string {
  const chain = causeChain(error)
  if (chain.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return `timeout after ${timeoutMs} ms`
  }
  // fetch wraps the socket error ("fetch failed" -> "connect ECONNREFUSED ..."): the innermost
  // cause says what happened. AggregateError has no message, only a code.
  const root = chain.at(-1)
  const code = (root as { code?: unknown } | undefined)?.code
  const detail = root?.message || (typeof code === 'string' ? code : '') || String(error)
  return `network error: ${detail}`.slice(0, 200)
}

function causeChain(error: unknown): Error[] {
  const chain: Error[] = []
  for (let e = error; e instanceof Error && chain.length < 10; e = e.cause) chain.push(e)
  return chain
}
