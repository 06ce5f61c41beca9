// A minimal keep-alive GET client on raw sockets, for bench/two-servers.mjs only: it spends less
// CPU a request than autocannon, so on a 2-core machine more of the CPU is left to the servers.
// Each connection sends one request at a time; responses must carry Content-Length (ours do).
import net from 'node:net'

export function socketLoad({ urls, path, connections, durationS }) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + durationS * 1000
    const start = performance.now()
    let ok = 0
    let other = 0
    let open = connections
    for (let c = 0; c < connections; c++) {
      const url = new URL(urls[c % urls.length])
      const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`)
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request))
      socket.setNoDelay(true)
      socket.setEncoding('latin1')
      socket.on('error', reject)
      let pending = ''
      socket.on('data', (chunk) => {
        pending += chunk
        for (;;) {
          const headEnd = pending.indexOf('\r\n\r\n')
          if (headEnd < 0) return
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(pending.slice(0, headEnd))?.[1] ?? 0)
          if (pending.length < headEnd + 4 + length) return
          if (pending.startsWith('HTTP/1.1 2')) ok++
          else other++
          pending = pending.slice(headEnd + 4 + length)
          if (Date.now() < deadline) return void socket.write(request)
          socket.end()
          if (--open === 0) resolve({ ok, other, seconds: (performance.now() - start) / 1000 })
          return
        }
      })
    }
  })
}
