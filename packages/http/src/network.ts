// Where phones can reach the server: the http URLs of the machine's network addresses when it
// listens on every interface. A phone in the room cannot open 127.0.0.1 (that is the phone
// itself), so a server on loopback only has none to offer.
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os'

export interface NetworkInfo {
  /** The host the server listens on, as configured ("0.0.0.0", "127.0.0.1"...). */
  host: string
  port: number
  /** http URLs phones can open, first the one to show; empty when it listens on loopback only. */
  urls: string[]
}

export type InterfaceList = NodeJS.Dict<NetworkInterfaceInfo[]>

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]'])

/** A name or address that only this machine reaches. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127\./.test(bare) || /^::ffff:127\./.test(bare)
}

export function listensOnAllInterfaces(host: string): boolean {
  return WILDCARDS.has(host)
}

const urlFor = (address: string, port: number) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`

/**
 * On every interface: each non-internal IPv4 address, in the order the system lists them
 * (phones on a home network use IPv4). On one address that is not loopback: that address.
 */
export function networkUrls(host: string, port: number, interfaces: InterfaceList = networkInterfaces()): string[] {
  if (listensOnAllInterfaces(host)) {
    const addresses = Object.values(interfaces).flatMap((entries) => entries ?? [])
      .filter((entry) => entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry.address)
    return [...new Set(addresses)].map((address) => urlFor(address, port))
  }
  return isLoopback(host) ? [] : [urlFor(host.replace(/^\[|\]$/g, ''), port)]
}
