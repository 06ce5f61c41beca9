// GET /api/network: the URLs phones can open (the web app's /poll puts the first in its QR code).
import { type NetworkInfo, networkUrls } from '../network.ts'
import type { ApiRouter } from '../router.ts'

/** `network` is the listener's own answer (startServer); without one, the address the request came to. */
export function registerNetworkRoutes(api: ApiRouter, network?: () => NetworkInfo) {
  api.get('/api/network', ({ event }) => network?.() ?? fromRequest(event.url))
}

function fromRequest(url: URL): NetworkInfo {
  const host = url.hostname
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  return { host, port, urls: networkUrls(host, port, {}) }
}
