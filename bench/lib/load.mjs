// The load generator: autocannon, in the orchestrating process (the servers run in their own
// processes). Every run is bounded by its duration; all traffic goes to 127.0.0.1.
import autocannon from 'autocannon'
import { processCpuMs } from './common.mjs'

/**
 * Runs a warm-up (discarded), then the measured run. Returns requests/s counted from 2xx
 * responses only, latency percentiles (ms) and the non-2xx / error counts; with `pid`, also
 * the server's CPU time per response (µs), which other load on the machine barely disturbs.
 * `url` and `pid` may be arrays (several servers): autocannon spreads the connections over the
 * URLs in turn, and the CPU is the servers' total.
 */
export async function measure({ url, warmupS = 1, durationS = 5, connections = 10, pid, ...request }) {
  const warmup = warmupS > 0 ? await run({ url, durationS: warmupS, connections, ...request }) : null
  const pids = [pid ?? []].flat()
  const cpuOf = () => pids.reduce((sum, one) => sum + processCpuMs(one), 0)
  const cpuBefore = pids.length ? cpuOf() : NaN
  const result = await run({ url, durationS, connections, ...request })
  const cpuMs = pids.length ? cpuOf() - cpuBefore : NaN
  return { ...result, warmupOk: warmup?.ok ?? 0, cpuMs, cpuUsPerReq: (cpuMs * 1000) / Math.max(1, result.ok + result.non2xx) }
}

async function run(options) {
  return summarize(await autocannon(autocannonOptions(options)))
}

/**
 * Load on `connections` connections that runs until stop(), as one autocannon run, with every
 * response handed to `onResponse(statusCode, latencyMs)` as it comes (to split one stretch of load
 * by what else happened meanwhile). Back-to-back measure() rounds would not do for that: each
 * opens all its connections anew, and those openings alone show as latency spikes of 100+ ms.
 */
export function startLoad({ onResponse, ...options }) {
  const instance = autocannon(autocannonOptions({ ...options, durationS: 24 * 3600 }))
  instance.on('response', (_client, statusCode, _bytes, latencyMs) => onResponse(statusCode, latencyMs))
  const finished = new Promise((resolve, reject) => {
    instance.on('done', resolve)
    instance.on('error', reject)
  })
  return {
    async stop() {
      instance.stop()
      return summarize(await finished)
    },
  }
}

function autocannonOptions({ url, durationS, connections, method = 'GET', path = '/', headers = {}, body, setupRequest, requests, overallRate }) {
  return {
    url: [url].flat().map((one) => `${one}${path}`),
    connections,
    pipelining: 1,
    duration: durationS,
    timeout: 10,
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    ...(setupRequest ? { requests: [{ method, path, headers: { 'content-type': 'application/json', ...headers }, setupRequest }] } : {}),
    // A mix: each connection sends these in turn; overallRate caps requests/s over all connections.
    ...(requests ? { requests } : {}),
    ...(overallRate ? { overallRate } : {}),
  }
}

function summarize(result) {
  const ok = result['2xx']
  const seconds = (result.finish - result.start) / 1000
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]))
  return {
    rps: ok / seconds,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    avgMs: result.latency.average,
    bytesPerResponse: result.throughput.total / Math.max(1, result.requests.total),
    seconds,
    connections: result.connections,
  }
}
