// Summarises a V8 .cpuprofile (node --cpu-prof): top functions by self time and by total
// (inclusive) time, with file:line. Usage: node bench/lib/profile-summary.mjs FILE [top=25]
import { readFileSync } from 'node:fs'

export function summarize(file, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const totalUs = profile.endTime - profile.startTime
  const sampleUs = totalUs / Math.max(1, profile.samples.length)
  const label = ({ callFrame: f }) =>
    `${f.functionName || '(anonymous)'} ${f.url.replace(/^file:\/\/.*?\/(node_modules|packages)\//, '$1/')}:${f.lineNumber + 1}`
  const self = new Map()
  const total = new Map()
  const counts = new Map()
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
  for (const [id, n] of counts) {
    const node = byId.get(id)
    self.set(label(node), (self.get(label(node)) ?? 0) + n)
    const seen = new Set()
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur))
      if (seen.has(l)) continue // recursion counts once
      seen.add(l)
      total.set(l, (total.get(l) ?? 0) + n)
    }
  }
  const n = profile.samples.length
  const fmt = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([l, c]) => `${((100 * c) / n).toFixed(1).padStart(5)}%  ${l}`)
  return { samples: n, ms: totalUs / 1000, sampleUs, self: fmt(self), total: fmt(total) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = summarize(process.argv[2], Number(process.argv[3] ?? 25))
  console.log(`${s.samples} samples over ${s.ms.toFixed(0)} ms\n-- self --\n${s.self.join('\n')}\n-- total --\n${s.total.join('\n')}`)
}
