// The URLs a server offers phones, from where it listens and the machine's interfaces.
import { expect, test } from 'vitest'
import { isLoopback, networkUrls } from './network.ts'

const v4 = (address: string, internal = false) => ({ address, family: 'IPv4' as const, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null })
const v6 = (address: string, internal = false) => ({ ...v4(address, internal), family: 'IPv6' as const, scopeid: 0 })
const machine = {
  lo: [v4('127.0.0.1', true), v6('::1', true)],
  wlan0: [v4('192.168.1.20'), v6('fe80::1')],
  docker0: [v4('172.17.0.1')],
  eth1: [v4('192.168.1.20')], // the same address twice (a bridge and its port) is one URL
}

test('on every interface: each non-internal IPv4 address in the order listed, once', () => {
  for (const host of ['0.0.0.0', '::']) {
    expect(networkUrls(host, 3000, machine)).toEqual(['http://192.168.1.20:3000', 'http://172.17.0.1:3000'])
  }
  expect(networkUrls('0.0.0.0', 3000, { lo: machine.lo })).toEqual([])
})

test('on loopback only: none, whatever the machine has', () => {
  for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]', 'tv.localhost']) {
    expect(isLoopback(host)).toBe(true)
    expect(networkUrls(host, 3000, machine)).toEqual([])
  }
})

test('on one network address: that address', () => {
  expect(networkUrls('192.168.1.20', 8080, machine)).toEqual(['http://192.168.1.20:8080'])
  expect(networkUrls('fd00::2', 8080, machine)).toEqual(['http://[fd00::2]:8080'])
  expect(isLoopback('192.168.1.20')).toBe(false)
})
