import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { tempDir } from '../../../../test/helpers/tmp-dir.ts'
import type { Core } from '../core.ts'
import { createSqliteStore, openSqliteTables } from '@game-picker/sqlite'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core
beforeEach(async () => void ({ core } = await createTestCore()))

const hook = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bot', url: 'http://127.0.0.1:9/hook', secret: 's3cret', events: ['game.added'], ...overrides,
})

describe('webhook registry', () => {
  test('create returns the webhook without its secret, enabled', async () => {
    const webhook = await core.webhooks.create(hook())
    expect(webhook).toEqual({
      id: 1, name: 'Bot', url: 'http://127.0.0.1:9/hook', events: ['game.added'], enabled: true,
      created_at: '2026-11-22T20:00:00.000Z',
    })
    expect(JSON.stringify(await core.webhooks.list())).not.toContain('s3cret')
  })

  test.each([
    [{ secret: undefined }, 'Missing required fields: name, url, secret, events'],
    [{ events: 'game.added' }, 'events must be an array'],
    [{ events: [] }, 'events must be a non-empty array of strings'],
    [{ events: ['game.removed'] }, 'Unknown event type: game.removed'],
    [{ url: 'ftp://example.com' }, 'Invalid URL format'],
    [{ url: 'not a url' }, 'Invalid URL format'],
  ])('create refuses %o: %s', async (overrides, message) => {
    await expect(core.webhooks.create(hook(overrides))).rejects.toMatchObject({ code: 'INVALID_INPUT', message })
    expect(await core.webhooks.list()).toEqual([])
  })

  test('update needs a field, validates it, and unknown ids are not found', async () => {
    const { id } = await core.webhooks.create(hook())
    await expect(core.webhooks.update(id, {})).rejects.toMatchObject({ message: 'No fields to update' })
    await expect(core.webhooks.update(id, { url: 'nope' })).rejects.toMatchObject({ message: 'Invalid URL format' })
    expect(await core.webhooks.update(id, { enabled: false, events: ['vote.received'] }))
      .toMatchObject({ enabled: false, events: ['vote.received'] })
    for (const call of [core.webhooks.get(9), core.webhooks.update(9, { name: 'x' }), core.webhooks.remove(9), core.webhooks.test(9)]) {
      await expect(call).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Webhook not found' })
    }
  })

  test('events are queued for enabled, subscribed webhooks in the same transaction', async () => {
    const subscribed = await core.webhooks.create(hook())
    const otherType = await core.webhooks.create(hook({ events: ['session.ended'] }))
    const disabled = await core.webhooks.create(hook())
    await core.webhooks.update(disabled.id, { enabled: false })
    let wakes = 0
    core.onChange('deliveries', () => void (wakes += 1))
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: game.id })
    const due = await core.deliveries.claimDue('2100-01-01T00:00:00.000Z', 100)
    expect(due.map((d) => [d.webhook.id, d.eventType])).toEqual([[subscribed.id, 'game.added']])
    // Claimed: leased to this server, so neither it nor another one claims it again meanwhile.
    expect(await core.deliveries.claimDue('2100-01-01T00:00:00.000Z', 100)).toEqual([])
    expect(due[0].payload).toEqual({
      session: { id: session.id, is_active: true, games_played: 1 },
      game: { id: game.id, title: 'Game', pack_name: 'Pack A', min_players: 2, max_players: 8, manually_added: false },
    })
    expect(wakes).toBe(1)
    // The end of the session goes to the webhook of that type (the second made), and to it alone.
    await core.sessions.close(session.id)
    const ended = await core.deliveries.claimDue('2100-01-01T00:00:00.000Z', 100)
    expect(ended.map((d) => [d.webhook.id, d.eventType])).toEqual([[2, 'session.ended']])
    expect(otherType.id).toBe(2)
  })

  test('recorded attempts become logs, newest first, with a validated limit; deleting removes them', async () => {
    const { id } = await core.webhooks.create(hook())
    await core.webhooks.test(id)
    const [delivery] = await core.deliveries.claimDue('2100-01-01T00:00:00.000Z', 10)
    for (const [status, at] of [[500, '2026-11-22T20:00:01.000Z'], [200, '2026-11-22T20:00:02.000Z']] as const) {
      await core.deliveries.recordAttempt({
        delivery, responseStatus: status, errorMessage: null, at, nextAttemptAt: status === 200 ? null : at,
      })
    }
    const logs = await core.webhooks.logs(id)
    expect(logs.map((log) => log.response_status)).toEqual([200, 500])
    expect(logs[0]).toMatchObject({ webhook_id: id, event_type: 'game.added', payload: { game: { title: 'Test Game' } } })
    expect(await core.webhooks.logs(id, '1')).toHaveLength(1)
    for (const limit of ['0', '501', 'ten', 2.5]) {
      await expect(core.webhooks.logs(id, limit)).rejects.toMatchObject({ message: 'limit must be an integer from 1 to 500' })
    }
    expect(await core.deliveries.nextDueAt()).toBeNull()
    await core.webhooks.remove(id)
    await expect(core.webhooks.logs(id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  test('a finished delivery leaves its log rows and no outbox row behind', async () => {
    const file = join(tempDir(), 'outbox.sqlite')
    const { core: onFile } = await createTestCore({ store: await createSqliteStore({ file }) })
    const { id } = await onFile.webhooks.create(hook())
    for (let i = 0; i < 3; i++) await onFile.webhooks.test(id)
    const due = await onFile.deliveries.claimDue('2100-01-01T00:00:00.000Z', 10)
    const at = '2026-11-22T20:00:01.000Z'
    await onFile.deliveries.recordAttempt({ delivery: due[0], responseStatus: 500, errorMessage: 'HTTP 500', at, nextAttemptAt: at })
    for (const delivery of due.slice(1)) {
      await onFile.deliveries.recordAttempt({ delivery, responseStatus: 200, errorMessage: null, at, nextAttemptAt: null })
    }
    await onFile.close()
    const tables = await openSqliteTables({ file, readOnly: true })
    expect([await tables.count('webhook_deliveries'), await tables.count('webhook_logs')]).toEqual([1, 3]) // the retry stays
    await tables.close()
  })
})
