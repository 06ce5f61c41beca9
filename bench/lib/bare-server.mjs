// The baseline: a bare node:http server answering fixed JSON bodies, as cheap as a Node server
// gets. Usage: node bench/lib/bare-server.mjs --port P --bodies FILE.json
// where FILE.json maps a path ("/api/pick", "/health") to the exact response text to send there.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { port: { type: 'string' }, bodies: { type: 'string' } } })
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(values.bodies, 'utf8'))).map(([path, text]) => [path, Buffer.from(text)]),
)

const server = createServer((req, res) => {
  const body = bodies.get(req.url)
  // Drain the request body (POST /api/pick sends one) before answering, as the real server does.
  req.resume()
  req.on('end', () => {
    if (!body) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    res.end(body)
  })
})
server.listen(Number(values.port), '127.0.0.1', () => process.stdout.write(`listening ${values.port}\n`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
