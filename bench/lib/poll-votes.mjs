#!/usr/bin/env node
// A poll under a stream's chat: a real `game-picker serve` (own process, fresh database), one
// open poll, and VOTERS chat usernames (with the admin's login token, as a chat bot or the
// connector sends them) each voting once, spread evenly over SECONDS. A TV client follows the
// event stream (poll.voted, poll.closed). For every vote it times the delay from the vote's HTTP
// acknowledgement to the TV's receipt of the first tally that includes it, then closes the poll
// and checks the final counts against the votes sent.
//
// "Includes it": every voter votes once, so totals only grow, and the vote's own answer carries
// the total it was counted in (T). A tally with total >= T was read after at least T votes had
// committed; on the single-writer sqlite store commits are serial, so that is after this vote.
//   node bench/lib/poll-votes.mjs --dir DIR [--voters 5000] [--seconds 10] [--db FILE|postgres://...]
// Prints one JSON object.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApiClient, dist, followEventStream, freePort, round, sleep, startServerProcess } from './common.mjs'

const { values } = parseArgs({ options: { dir: { type: 'string' }, voters: { type: 'string' }, seconds: { type: 'string' }, db: { type: 'string' } } })
const VOTERS = Number(values.voters ?? 5000)
const SECONDS = Number(values.seconds ?? 10)
const KEY = 'bench-poll-key'
const CHOICES = 3

const port = await freePort()
const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--db', values.db ?? join(values.dir, 'poll.sqlite')], {
  port, env: { ADMIN_KEY: KEY },
})
try {
  const api = createApiClient(server.url)
  const { token } = await api('POST', '/api/auth/login', { key: KEY })
  const poll = await api('POST', '/api/polls', { gameIds: [1, 2, 3] }, token)

  // The TV: each tally it receives, with the time.
  const tallies = []
  let closed = null
  await followEventStream(server.url, '?events=poll.voted,poll.closed', (type, body, at) => {
    if (type === 'poll.voted') tallies.push({ at, total: body.data.total_votes })
    if (type === 'poll.closed') closed = body.data.poll
  })

  // The chat: VOTERS usernames, one vote each, at an even pace.
  const acks = []
  const sent = [0, 0, 0]
  let failures = 0
  const failureSamples = new Map() // status and error text -> how many
  const failed = (what) => {
    failures += 1
    failureSamples.set(what, (failureSamples.get(what) ?? 0) + 1)
  }
  const start = performance.now()
  const spacing = (SECONDS * 1000) / VOTERS
  const inFlight = []
  for (let i = 0; i < VOTERS; i++) {
    const due = start + i * spacing
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    const choice = (i % 7 === 0 ? 3 : i % 2 === 0 ? 1 : 2)
    sent[choice - 1] += 1
    const sentAt = performance.now()
    inFlight.push(fetch(`${server.url}/api/polls/${poll.id}/votes`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ choice, username: `chatter${i}` }),
    }).then(async (res) => {
      const at = performance.now()
      const body = await res.json()
      if (!res.ok) failed(`${res.status} ${body.error}`)
      else acks.push({ at, total: body.total_votes, latency: at - sentAt })
    }, (error) => failed(String(error.cause?.code ?? error.message))))
  }
  await Promise.all(inFlight)
  const sendingS = (performance.now() - start) / 1000

  // Every acknowledged vote: the first tally after its ack that counts at least its total.
  const wait = performance.now() + 5000
  while (performance.now() < wait && !(tallies.at(-1)?.total >= VOTERS - failures)) await sleep(20)
  const delays = []
  let unseen = 0
  for (const ack of acks) {
    const seen = tallies.find((tally) => tally.total >= ack.total && tally.at >= ack.at)
      ?? tallies.find((tally) => tally.total >= ack.total) // read after its commit, arrived before its ack
    if (!seen) unseen += 1
    else delays.push(Math.max(0, seen.at - ack.at))
  }
  delays.sort((a, b) => a - b)
  const pct = (p) => round(delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN, 1)

  const latencies = acks.map((ack) => ack.latency).sort((a, b) => a - b)
  const latency = (p) => round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN, 1)

  const final = await api('POST', `/api/polls/${poll.id}/close`, undefined, token)
  const closeWait = performance.now() + 5000
  while (performance.now() < closeWait && !closed) await sleep(20)
  const counted = final.candidates.map((candidate) => candidate.votes)
  console.log(JSON.stringify({
    voters: VOTERS, seconds: SECONDS, sendingS: round(sendingS, 2), acknowledged: acks.length, failures,
    failureKinds: Object.fromEntries(failureSamples),
    talliesReceived: tallies.length, unseen, voteP50Ms: latency(50), voteP99Ms: latency(99),
    p50Ms: pct(50), p99Ms: pct(99), maxMs: round(delays.at(-1) ?? NaN, 1),
    sent, counted, streamedFinal: closed?.candidates.map((candidate) => candidate.votes) ?? null,
    exact: failures === 0 && JSON.stringify(sent) === JSON.stringify(counted)
      && JSON.stringify(closed?.candidates.map((candidate) => candidate.votes)) === JSON.stringify(counted),
  }))
} finally {
  await server.kill9()
  process.exit(0)
}
