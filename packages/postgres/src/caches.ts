// What most requests read (the catalogue, the session counts, the active session and its
// timeline, the webhooks, the API tokens an authenticated request is checked against) is kept
// in memory as one snapshot of the database. A server that holds its caches coherent with the
// others (coherence.ts) uses the snapshot without a check while no change was announced since
// its check began, for at most MAX_AGE_MS. Otherwise (a CLI command, a server without its
// lease) a read uses it only after a check that *started after the read began* (decisions:
// read-after-write across servers); requests that arrive while a check runs share the next one.
// A check is one statement on a connection of its own: it compares versions (bumped by triggers
// in the writing transaction; votes and plays count through the counter deltas' change count)
// and brings back, in the same statement and so the same snapshot, only the parts whose version
// moved. A part that did not change is the same array as before, which lets the core memoize
// on identity.
import type { ApiTokenRecord, Game, Pack, Session, TimelineEntry, WebhookRecord } from '@game-picker/core'
import type pg from 'pg'
import { type Coherence, MAX_AGE_MS } from './coherence.ts'
import { GAME_SELECT, SESSION_SELECT, toApiTokenRecord, toGame, toWebhook } from './rows.ts'

export interface Snapshot {
  /** catalogue version, counter changes, sessions version, webhooks version, tokens version */
  versions: readonly [number, number, number, number, number]
  /** Absent from checks for write transactions, which read games afresh. */
  games?: readonly Game[]
  packs?: readonly Pack[]
  counts: { total: number; active: number }
  active: Session | null
  /** The active session's timeline ([] without one). */
  timeline: readonly TimelineEntry[]
  webhooks: readonly WebhookRecord[]
  /** By hash; last_used_at is not kept here (it changes without a version bump). */
  tokens: ReadonlyMap<string, ApiTokenRecord>
}

type Query = (query: pg.QueryConfig) => Promise<pg.QueryResult>

const ACTIVE_ID = 'SELECT id FROM sessions WHERE is_active = 1'

// One statement, so one snapshot. $1..$4, $6: the versions the instance holds (NULL: none yet);
// $5: whether to bring the catalogue (write transactions do not use it; votes change it).
export const CHECK = /* sql */ `
WITH v AS (SELECT
  (SELECT version FROM cache_versions WHERE name = 'catalogue') AS catalogue,
  (SELECT COALESCE(SUM(changes), 0)::bigint FROM game_counter_deltas) AS counters,
  (SELECT version FROM cache_versions WHERE name = 'sessions') AS sessions,
  (SELECT version FROM cache_versions WHERE name = 'webhooks') AS webhooks,
  (SELECT version FROM cache_versions WHERE name = 'tokens') AS tokens)
SELECT v.catalogue, v.counters, v.sessions, v.webhooks, v.tokens,
  CASE WHEN $5::boolean AND (v.catalogue IS DISTINCT FROM $1::bigint OR v.counters IS DISTINCT FROM $2::bigint) THEN json_build_array(
    (SELECT COALESCE(json_agg(x ORDER BY x.pack_name, x.title), '[]') FROM (${GAME_SELECT}) x),
    (SELECT COALESCE(json_agg(p ORDER BY p.name), '[]') FROM packs p)) END AS catalogue_rows,
  CASE WHEN v.sessions IS DISTINCT FROM $3::bigint THEN json_build_array(
    (SELECT row_to_json(c) FROM (SELECT COUNT(*) AS total, COALESCE(SUM(is_active), 0) AS active FROM sessions) c),
    (SELECT row_to_json(s) FROM (${SESSION_SELECT} WHERE s.is_active = 1) s),
    (SELECT COALESCE(json_agg(t ORDER BY t.played_at, t.id), '[]') FROM (
      SELECT sg.id, sg.game_id, sg.played_at, g.title FROM session_games sg JOIN games g ON g.id = sg.game_id
      WHERE sg.session_id = (${ACTIVE_ID})) t)) END AS session_rows,
  CASE WHEN v.webhooks IS DISTINCT FROM $4::bigint THEN
    (SELECT COALESCE(json_agg(w ORDER BY w.id), '[]') FROM webhooks w) END AS webhook_rows,
  CASE WHEN v.tokens IS DISTINCT FROM $6::bigint THEN
    (SELECT COALESCE(json_agg(t ORDER BY t.id), '[]') FROM (
      SELECT id, name, scopes, token_hash, created_at, expires_at, NULL AS last_used_at FROM api_tokens) t) END AS token_rows
FROM v`

export interface Caches {
  /** The snapshot as of a check that started after this call (or a coherent one); `catalogue`: with games and packs. */
  current(catalogue: boolean): Promise<Snapshot>
  /** Checks run so far. */
  checks(): number
}

interface Held {
  catalogue?: { key: [number, number]; games: readonly Game[]; packs: readonly Pack[] }
  sessions?: { key: number; counts: Snapshot['counts']; active: Session | null; timeline: readonly TimelineEntry[] }
  webhooks?: { key: number; list: readonly WebhookRecord[] }
  tokens?: { key: number; byHash: ReadonlyMap<string, ApiTokenRecord> }
}

/** A snapshot and when its check began: the coherence epoch and the time. */
interface Checked { snapshot: Snapshot; epoch: number; at: number }

export function createCaches(query: Query, coherence: Pick<Coherence, 'epoch' | 'trusted'>): Caches {
  const held: Held = {}
  const last: { withCatalogue?: Checked; without?: Checked } = {}
  let checks = 0

  // Checks run one at a time (one connection), so `held` is what each one compared against.
  async function check(withCatalogue: boolean): Promise<Snapshot> {
    const began = { epoch: coherence.epoch(), at: performance.now() }
    checks += 1
    // Prepared once per connection: planning this statement costs more than running it.
    const { rows: [row] } = await query({ name: 'game-picker-check', text: CHECK, values: [
      held.catalogue?.key[0] ?? null, held.catalogue?.key[1] ?? null, held.sessions?.key ?? null,
      held.webhooks?.key ?? null, withCatalogue, held.tokens?.key ?? null,
    ] })
    const versions = [row.catalogue, row.counters, row.sessions, row.webhooks, row.tokens].map(Number) as unknown as Snapshot['versions']
    if (row.catalogue_rows) {
      const [games, packs] = row.catalogue_rows
      held.catalogue = { key: [versions[0], versions[1]], games: (games as Record<string, unknown>[]).map(toGame), packs }
    }
    if (row.session_rows) {
      const [counts, active, timeline] = row.session_rows
      held.sessions = { key: versions[2], counts, active, timeline }
    }
    if (row.webhook_rows) held.webhooks = { key: versions[3], list: (row.webhook_rows as Record<string, unknown>[]).map(toWebhook) }
    if (row.token_rows) {
      const tokens = (row.token_rows as Record<string, unknown>[]).map(toApiTokenRecord)
      held.tokens = { key: versions[4], byHash: new Map(tokens.map((token) => [token.token_hash, token])) }
    }
    const { catalogue, sessions, webhooks, tokens } = held as Required<Held>
    const snapshot = {
      versions, counts: sessions.counts, active: sessions.active, timeline: sessions.timeline, webhooks: webhooks.list,
      tokens: tokens.byHash,
      ...(withCatalogue ? { games: catalogue.games, packs: catalogue.packs } : {}),
    }
    last[withCatalogue ? 'withCatalogue' : 'without'] = { snapshot, ...began }
    return snapshot
  }

  const usable = (checked: Checked | undefined) => checked !== undefined && coherence.trusted()
    && checked.epoch === coherence.epoch() && performance.now() - checked.at < MAX_AGE_MS
  const withCatalogue = coalesce(() => check(true))
  const without = coalesce(() => check(false))
  return {
    current(catalogue) {
      const checked = catalogue ? last.withCatalogue : last.without
      if (usable(checked)) return Promise.resolve(checked!.snapshot)
      return catalogue ? withCatalogue() : without()
    },
    checks: () => checks,
  }
}

/**
 * `run`, shared: a caller gets a run that started after its call. While one runs, every new
 * caller waits for the single next one.
 */
export function coalesce<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined
  let next: Promise<T> | undefined
  const start = (): Promise<T> => {
    const started = run()
    running = started
    const done = () => { if (running === started) running = undefined }
    started.then(done, done)
    return started
  }
  return () => {
    if (!running) return start()
    next ??= running.then(() => {}, () => {}).then(() => {
      next = undefined
      return start()
    })
    return next
  }
}
