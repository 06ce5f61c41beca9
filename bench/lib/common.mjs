// Shared helpers: where the production build lives, child processes with a time limit,
// memory readings, small statistics.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const dist = {
  core: `${ROOT}packages/core/dist/index.js`,
  sqlite: `${ROOT}packages/sqlite/dist/index.js`,
  platforms: `${ROOT}packages/platforms/dist/index.js`,
  http: `${ROOT}packages/http/dist/index.js`,
  cliBin: `${ROOT}packages/cli/bin/game-picker.js`,
  cliEntry: `${ROOT}packages/cli/dist/bin.js`,
}
export const load = (file) => import(pathToFileURL(file).href)

export const MB = 1024 * 1024
export const round = (n, digits = 1) => (n == null || !Number.isFinite(n) ? n : Number(n.toFixed(digits)))
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** RSS now and at its peak (VmHWM) of a live process, in MB (Linux /proc). */
export function processMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 }
  } catch {
    return { rssMb: NaN, peakRssMb: NaN }
  }
}

/**
 * CPU time (user + system, ms) a live process has used so far (Linux /proc, 10 ms ticks); with
 * `tid`, only that thread's (the main thread's id is the process's).
 */
export function processCpuMs(pid, tid) {
  try {
    const fields = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime + stime, in USER_HZ (100)
  } catch {
    return NaN
  }
}

/** CPU time (ms) used so far by every live process named `name` (e.g. PostgreSQL's backends). */
export function processesCpuMs(name) {
  let total = 0
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) total += processCpuMs(pid)
    } catch { /* exited meanwhile */ }
  }
  return total
}

/**
 * Runs `node script ...args` and resolves with the JSON object it prints as its last stdout
 * line. Killed (and rejected) after `timeoutMs`.
 */
export function runNodeJson(script, args = [], { timeoutMs = 120_000, env = {}, nodeArgs = [] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => { out += d })
    child.stderr.on('data', (d) => { err += d })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${script} ${args.join(' ')}: timed out after ${timeoutMs / 1000} s`))
    }, timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code !== 0) return reject(new Error(`${script} ${args.join(' ')} exited ${code ?? signal}: ${err.trim().slice(-2000)}`))
      try {
        resolve(JSON.parse(last))
      } catch {
        reject(new Error(`${script}: no JSON result on stdout: ${out.slice(-500)} ${err.slice(-500)}`))
      }
    })
  })
}

/** The node flags of the `game-picker` command's shebang, which its installed shims pass to node. */
export const binNodeFlags = () => readFileSync(dist.cliBin, 'utf8').split('\n')[0].split(/\s+/).filter((word) => word.startsWith('--'))

/**
 * Spawns a long-running server process and waits (bounded) until GET `readyPath` answers 200. A
 * `game-picker` run with node gets the flags its installed command would (binNodeFlags).
 */
export async function startServerProcess(command, args, { port, env = {}, readyPath = '/health', timeoutMs = 20_000, pollMs = 100 }) {
  const at = args.indexOf(dist.cliBin)
  const spawned = at === -1 ? args : [...args.slice(0, at), ...binNodeFlags(), ...args.slice(at)]
  const child = spawn(command, spawned, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (d) => { log += d })
  child.stderr.on('data', (d) => { log += d })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${log.slice(-2000)}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`, { signal: AbortSignal.timeout(1000) })
      await res.arrayBuffer()
      if (res.ok) break
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server not ready after ${timeoutMs} ms: ${log.slice(-2000)}`)
    }
    await sleep(pollMs)
  }
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    /** SIGTERM, then SIGKILL after 10 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await exited
    },
  }
}

export const cliAvailable = () => existsSync(dist.cliEntry)

/** `api(method, path, body?, token?)`: one JSON request to the server at `baseUrl`; throws on a non-2xx. */
export function createApiClient(baseUrl) {
  return async (method, path, body, token) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
}

/** A TypeScript module of test/helpers (e.g. a local fake), through Vite's module runner (vitest's own Vite). */
export async function loadTestHelper(name) {
  const vitest = createRequire(join(ROOT, 'package.json')).resolve('vitest/package.json')
  const vite = await import(pathToFileURL(createRequire(vitest).resolve('vite')).href)
  return (await vite.runnerImport(join(ROOT, 'test/helpers', name), { configFile: false, logLevel: 'silent' })).module
}

/**
 * Follows a server's event stream (`GET {baseUrl}/api/events{query}`) over a plain HTTP
 * connection, as a TV or dashboard would: `onEvent(type, data, at)` for every event, with `data`
 * parsed and `at` the time its chunk arrived (`now()`, default `performance.now()`). Resolves once
 * the stream is open (its `: connected` comment), so what happens next is live for it.
 */
export function followEventStream(baseUrl, query, onEvent, { now = () => performance.now() } = {}) {
  return new Promise((resolve, reject) => {
    let buffered = ''
    const req = request(`${baseUrl}/api/events${query}`, (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        const at = now()
        buffered += chunk
        for (let end; (end = buffered.indexOf('\n\n')) !== -1;) {
          const message = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          if (message.startsWith(': connected')) resolve()
          const type = /^event: (.+)$/m.exec(message)?.[1]
          const data = /^data: (.+)$/m.exec(message)?.[1]
          if (type && data) onEvent(type, JSON.parse(data), at)
        }
      })
    })
    req.on('error', reject)
    req.end()
  })
}
