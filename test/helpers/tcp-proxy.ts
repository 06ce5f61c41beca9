// A TCP proxy on 127.0.0.1 in front of a server, for network faults: `blackhole()` keeps every
// connection open but passes no byte either way (a cut cable, a hung host), `restore()` passes
// traffic again for new connections.
import { createConnection, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  blackhole(): void
  restore(): void
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let blocked = false
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  }
  const server = createServer((client) => {
    track(client)
    if (blocked) return // accepted, never answered
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort })
    track(upstream)
    client.on('data', (chunk) => { if (!blocked) upstream.write(chunk) })
    upstream.on('data', (chunk) => { if (!blocked) client.write(chunk) })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    blackhole: () => void (blocked = true),
    restore() {
      blocked = false
      for (const socket of sockets) socket.destroy() // the stuck connections end; new ones pass
    },
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
}
