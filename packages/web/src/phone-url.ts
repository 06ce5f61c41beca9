// The address phones open to vote. A page opened through its network address (a TV browsing to
// http://192.168.1.20:3000) gives its own origin. A page opened through loopback (127.0.0.1 on
// the host's own machine) would hand phones an address that is the phone itself: the server's
// first network URL is used instead, and without one the phones cannot reach it at all.
import { getNetwork } from './api.ts'
import { useRequest } from './hooks.ts'

export const UNREACHABLE = 'Phones cannot reach this server. Start it with --host 0.0.0.0'

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\./.test(hostname)

/** `${base}${path}` for phones; null when they cannot reach the server; undefined while asking. */
export function usePhoneUrl(path: string): { url: string | null | undefined; error: unknown } {
  const local = isLoopback(location.hostname)
  const { data, error } = useRequest(async () => (local ? (await getNetwork()).urls[0] ?? null : location.origin))
  return { url: data === undefined ? undefined : data && `${data}${path}`, error }
}
