// What `serve` tells the host about phones: the URLs they can open on the local network, or,
// on loopback only (the default), the flag that lets them in.
import type { NetworkInfo } from '@game-picker/http'

export const LOOPBACK_ONLY = 'Phones cannot reach this server. Start it with --host 0.0.0.0'

export function describeNetwork(network: NetworkInfo, onAllInterfaces: boolean): string {
  if (network.urls.length > 0) return ['Phones on the same network can open:', ...network.urls.map((url) => `  ${url}`)].join('\n')
  if (onAllInterfaces) return 'Phones cannot reach this server yet: this machine has no network address'
  return LOOPBACK_ONLY
}
