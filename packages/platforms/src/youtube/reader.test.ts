// The YouTube chat reader's rules against the local fake YouTube Data API, on a fake clock: the
// backlog skipped, pageToken followed, the waits (pollingIntervalMillis, at least
// interval_seconds), 5 quota units a call with the Pacific-day reset, quotaExceeded waited out
// until midnight Pacific time, the end of a stream (liveChatEnded, offlineAt, a chat gone), a
// refused key, retries after YouTube fails, and going on from a saved page token.
import { afterEach, describe, expect, test } from 'vitest'
import { createFakeClock, type FakeClock } from '../../../../test/helpers/fake-clock.ts'
import { type FakeYouTube, startFakeYouTube } from '../../../../test/helpers/fake-youtube.ts'
import { until } from '../../../../test/helpers/until.ts'
import type { IncomingChatMessage } from '@game-picker/core'
import { createYouTubeApi } from './api.ts'
import { nextQuotaReset, pacificDay } from './pacific-day.ts'
import { openYouTubeReader } from './reader.ts'

const VIDEO = 'dQw4w9WgXcQ'
// 2026-11-26 10:00 in Los Angeles (PST, UTC-8).
const START = Date.parse('2026-11-26T18:00:00Z')
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface Harness {
  clock: FakeClock
  youtube: FakeYouTube
  received: IncomingChatMessage[]
  updates: { state?: string; settings?: Record<string, unknown> }[]
  /** The settings as the store would hold them (merged). */
  settings: Record<string, unknown>
  states(): (string | undefined)[]
}

async function reader(settings: Record<string, unknown> = {}, start = START, key?: string): Promise<Harness> {
  const clock = createFakeClock(start)
  const youtube = await startFakeYouTube({ now: clock.now })
  cleanups.push(() => youtube.close())
  const liveChatId = youtube.goLive(VIDEO)
  const harness: Harness = {
    clock, youtube, received: [], updates: [], settings: { live_chat_id: liveChatId, interval_seconds: 5, ...settings },
    states: () => harness.updates.map((update) => update.state).filter(Boolean),
  }
  const connection = openYouTubeReader({
    settings: harness.settings,
    receive: (message) => void harness.received.push(message),
    update: (change) => {
      harness.updates.push(change)
      Object.assign(harness.settings, change.settings)
    },
    log: () => {},
  }, { api: createYouTubeApi({ apiUrl: youtube.url, key: key ?? youtube.key }), clock })
  cleanups.push(() => connection.close())
  return harness
}

/** Waits for the call after the current one to be scheduled at `at`, and lets it happen. */
async function callAt(h: Harness, at: number): Promise<void> {
  const before = h.youtube.calls.length
  await h.clock.fireAt(at)
  await until(() => h.youtube.calls.length, (calls) => calls > before, 10_000, 5)
}

async function settled(h: Harness, updates: number): Promise<void> {
  await until(() => h.updates.length, (count) => count >= updates, 10_000, 5)
}

describe('reading a live chat', () => {
  test('the first page (the backlog) is skipped; then each text message once, by youtube:CHANNEL_ID at its publishedAt, following nextPageToken', async () => {
    const h = await reader()
    h.youtube.post(VIDEO, { channelId: 'UCbefore00000000000000', text: '1' })
    await settled(h, 1)
    expect(h.youtube.calls).toHaveLength(1)
    expect(h.youtube.calls[0]).toMatchObject({ method: 'liveChatMessages.list', pageToken: null, at: START })
    expect(h.received).toEqual([])
    expect(h.states()).toEqual(['connected'])

    const firstToken = h.settings.next_page_token
    expect(firstToken).toEqual(expect.any(String))
    const id = h.youtube.post(VIDEO, { channelId: 'UCviewer00000000000001', displayName: 'Zoë', text: 'thisgame++', publishedAt: '2026-11-26T18:00:03.250Z' })
    h.youtube.post(VIDEO, { channelId: 'UCviewer00000000000002', text: 'a super chat', type: 'superChatEvent' })
    h.youtube.post(VIDEO, { channelId: 'UCviewer00000000000003', text: '#2' })
    await callAt(h, START + 5000)
    await settled(h, 2)
    expect(h.youtube.calls[1].pageToken).toBe(firstToken)
    expect(h.received).toEqual([
      { id, username: 'youtube:UCviewer00000000000001', name: 'Zoë', text: 'thisgame++', sentAt: '2026-11-26T18:00:03.250Z' },
      expect.objectContaining({ username: 'youtube:UCviewer00000000000003', text: '#2' }),
    ])
    // The next call goes on from the token of the last answer: nothing is handed out twice.
    await callAt(h, START + 10_000)
    await settled(h, 3)
    expect(h.youtube.calls[2].pageToken).not.toBe(h.youtube.calls[1].pageToken)
    expect(h.received).toHaveLength(2)
    expect(h.settings.next_page_token).toEqual(expect.any(String))
  })

  test('waits pollingIntervalMillis when YouTube asks for longer than interval_seconds, interval_seconds otherwise', async () => {
    const h = await reader({ interval_seconds: 7 })
    await settled(h, 1)
    expect(h.clock.dueTimes()).toEqual([START + 7000]) // YouTube asks 2 s: the streamer's 7 s win
    h.youtube.setPollingInterval(12_000)
    await callAt(h, START + 7000)
    await settled(h, 2)
    expect(h.clock.dueTimes()).toEqual([START + 19_000]) // YouTube asks 12 s
    await callAt(h, START + 19_000)
    expect(h.youtube.calls.map((call) => call.at - START)).toEqual([0, 7000, 19_000])
  })

  test('5 quota units a call, counted on the Pacific day, back to zero after midnight Pacific time', async () => {
    // 23:59:50 in Los Angeles on Nov 26 (08:00 UTC on the 27th is midnight PST).
    const start = Date.parse('2026-11-27T07:59:50Z')
    const h = await reader({ quota_day: '2026-11-26', quota_used: 1 }, start)
    await settled(h, 1)
    expect(h.settings).toMatchObject({ quota_day: '2026-11-26', quota_used: 6 })
    await callAt(h, start + 5000)
    await settled(h, 2)
    expect(h.settings).toMatchObject({ quota_day: '2026-11-26', quota_used: 11 })
    await callAt(h, start + 10_000) // 00:00:00 Pacific
    await settled(h, 3)
    expect(h.settings).toMatchObject({ quota_day: '2026-11-27', quota_used: 5 })
    expect(h.youtube.quotaUsed()).toBe(15) // the fake's own count: the same calls
  })

  test('quotaExceeded: state quota_exceeded, nothing asked until midnight Pacific time, then reading goes on', async () => {
    const h = await reader()
    await settled(h, 1)
    h.youtube.exhaustQuota()
    await callAt(h, START + 5000)
    await settled(h, 2)
    expect(h.states()).toEqual(['connected', 'quota_exceeded'])
    const midnight = Date.parse('2026-11-27T08:00:00Z')
    expect(h.clock.dueTimes()).toEqual([midnight])
    h.youtube.resetQuota()
    const id = h.youtube.post(VIDEO, { channelId: 'UCviewer00000000000001', text: '3' })
    await callAt(h, midnight)
    await settled(h, 3)
    expect(h.youtube.calls.map((call) => call.at)).toEqual([START, START + 5000, midnight])
    expect(h.states()).toEqual(['connected', 'quota_exceeded', 'connected'])
    expect(h.received.map((message) => message.id)).toEqual([id])
    expect(h.settings).toMatchObject({ quota_day: '2026-11-27', quota_used: 5 })
  })

  test('offlineAt: the last page is read, then the state is ended and nothing more is asked', async () => {
    const h = await reader()
    await settled(h, 1)
    h.youtube.post(VIDEO, { channelId: 'UCviewer00000000000001', text: '1' })
    h.youtube.end(VIDEO, 'offline')
    await callAt(h, START + 5000)
    await settled(h, 2)
    expect(h.received).toHaveLength(1)
    expect(h.states()).toEqual(['connected', 'ended'])
    expect(h.clock.dueTimes()).toEqual([])
  })

  test.each(['ended', 'gone'] as const)('liveChatEnded / liveChatNotFound (%s): ended, reading stops', async (how) => {
    const h = await reader()
    await settled(h, 1)
    h.youtube.end(VIDEO, how)
    await callAt(h, START + 5000)
    await settled(h, 2)
    expect(h.youtube.calls[1].status).toBe(how === 'ended' ? 403 : 404)
    expect(h.states()).toEqual(['connected', 'ended'])
    expect(h.clock.dueTimes()).toEqual([])
  })

  test('a key YouTube refuses: failed with its error, no retries', async () => {
    const h = await reader({}, START, 'AIzaNotAKeyGoogleKnows')
    await settled(h, 1)
    expect(h.youtube.calls[0].status).toBe(400)
    expect(h.states()).toEqual(['failed'])
    expect(h.settings.error).toBe('YouTube refused the API key')
    expect(h.clock.dueTimes()).toEqual([])
  })

  test('YouTube failing: reconnecting, tried again after the interval, doubling, then connected', async () => {
    const h = await reader()
    h.youtube.failNext(2)
    await settled(h, 1)
    expect(h.states()).toEqual(['reconnecting'])
    expect(h.clock.dueTimes()).toEqual([START + 10_000])
    await callAt(h, START + 10_000)
    // The second failure is handled when the next try is scheduled.
    await until(() => h.clock.dueTimes(), (due) => due.length > 0, 10_000, 5)
    expect(h.clock.dueTimes()).toEqual([START + 30_000])
    await callAt(h, START + 30_000)
    await until(() => h.states(), (states) => states.length >= 2, 10_000, 5)
    expect(h.states()).toEqual(['reconnecting', 'connected'])
    expect(h.clock.dueTimes()).toEqual([START + 35_000])
  })

  test('a saved page token (a restart, a takeover) goes on from there: those messages are not backlog', async () => {
    const first = await reader()
    await settled(first, 1)
    const token = first.settings.next_page_token as string
    const id = first.youtube.post(VIDEO, { channelId: 'UCviewer00000000000001', text: '2' })
    // A second reader (another server) on the same chat, from the saved settings.
    const clock = createFakeClock(START + 6000)
    const received: IncomingChatMessage[] = []
    const connection = openYouTubeReader({
      settings: { ...first.settings }, receive: (message) => void received.push(message), update: () => {}, log: () => {},
    }, { api: createYouTubeApi({ apiUrl: first.youtube.url, key: first.youtube.key }), clock })
    cleanups.push(() => connection.close())
    await until(() => received.length, (count) => count > 0, 10_000, 5)
    expect(first.youtube.calls.at(-1)!.pageToken).toBe(token)
    expect(received.map((message) => message.id)).toEqual([id])
  })
})

describe('the Pacific quota day', () => {
  test('pacificDay and nextQuotaReset follow PST and PDT, across the daylight-saving changes', () => {
    expect(pacificDay(Date.parse('2026-11-27T07:59:59Z'))).toBe('2026-11-26')
    expect(pacificDay(Date.parse('2026-11-27T08:00:00Z'))).toBe('2026-11-27')
    expect(new Date(nextQuotaReset(Date.parse('2026-11-26T18:00:00Z'))).toISOString()).toBe('2026-11-27T08:00:00.000Z')
    expect(new Date(nextQuotaReset(Date.parse('2026-07-04T12:00:00Z'))).toISOString()).toBe('2026-07-05T07:00:00.000Z')
    // Sunday 2026-03-08 02:00 PST becomes 03:00 PDT; Sunday 2026-11-01 02:00 PDT becomes 01:00 PST.
    expect(new Date(nextQuotaReset(Date.parse('2026-03-07T20:00:00Z'))).toISOString()).toBe('2026-03-08T08:00:00.000Z')
    expect(new Date(nextQuotaReset(Date.parse('2026-03-08T20:00:00Z'))).toISOString()).toBe('2026-03-09T07:00:00.000Z')
    expect(new Date(nextQuotaReset(Date.parse('2026-10-31T20:00:00Z'))).toISOString()).toBe('2026-11-01T07:00:00.000Z')
    expect(new Date(nextQuotaReset(Date.parse('2026-11-01T20:00:00Z'))).toISOString()).toBe('2026-11-02T08:00:00.000Z')
  })
})
