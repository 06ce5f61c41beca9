// Seeded generators of hostile requests for the fuzz test. `anonymous` sends anything, with no
// token or a bad one. `admin` sends a valid token, but every request that could write carries
// something that must be refused (a bad id, a malformed path, a body that is not a JSON
// object), so "nothing changes" is a property, not luck. `raw` builds bytes fetch refuses to send.
import { type SeededIds, validParams } from './api-state.ts'
import { fillPath, ROUTES, type Route } from './routes.ts'

export interface FuzzCase { method: string; path: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> }

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS']
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']
const ODD_METHODS = ['FOO', 'PROPFIND', 'PURGE', 'M-SEARCH']
/** Bad values that keep the path's shape (no dot segments, no slashes): a route either refuses them or is not found. */
const BAD_IDS = ['0', '-1', 'abc', '1.5', '1e3', '%E0%A4%A', '%zz', '%', '%2F', '99999999999999999999', '%00', '%C0%AF', '%F0%9F%8E%B2', '1%20', 'a'.repeat(300)]
const MALFORMED_ENCODINGS = ['%E0%A4%A', '%zz', '%', '%C3%28', 'x%E2%82']
/** Anything at all, dot segments included (only for requests that cannot write). */
const ANY_PARAMS = [...BAD_IDS, '..', '.', '%2e%2e', '', 'ü', '1/2']
const QUERIES = ['', '?playerCount=abc', '?drawing=maybe&length=', '?enabled=yes', '?pack=%E0%A4%A', '?limit=-1', '?format=xml',
  '?a=1&a=2', '?%zz=1', '?familyFriendly=1&playerCount=99999999999999999999', '?limit=%00']
const NON_OBJECTS = ['[1,2]', '"please do not close"', '123', 'true', 'false', 'null', '[]', '""', '1e999', '[{"title":"x"}]']
const MALFORMED_JSON = ['{', '{"a":', "{'a':1}", 'undefined', 'NaN', '{"a":1}}', '\u0000', '\ufeff{}', '{"a":"\\x"}', '--', '{"a":1,}']
const FIELDS = ['pack_name', 'title', 'min_players', 'max_players', 'key', 'notes', 'game_id', 'status', 'room_code', 'player_count',
  'favor_bias', 'enabled', 'csvData', 'mode', 'chatData', 'username', 'vote', 'timestamp', 'name', 'url', 'secret', 'events',
  'playerCount', 'drawing', 'sessionId', 'excludePlayed', '__proto__', 'constructor']
const VALUES: unknown[] = ['', 'x', 'ü🎲', -1, 0, 1.5, 2 ** 60, 1e308, null, true, [], {}, [1, 'a'], { nested: { deep: [null] } }, 'A1B2', 'x'.repeat(2000)]
const CONTENT_TYPES = [undefined, 'application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded', 'x/y/z', 'application/json'.repeat(40)]
const BAD_TOKENS = ['Bearer', 'Bearer ', 'Bearer abc', 'Bearer a.b.c', 'Basic dXNlcjpwYXNz',
  'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.', `Bearer ${'x'.repeat(5000)}`, 'token-without-scheme']

export function createFuzzer(random: () => number, ids: SeededIds, bodyLimit: number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
  const chance = (p: number) => random() < p

  const object = () => JSON.stringify(Object.fromEntries(
    Array.from({ length: Math.floor(random() * 5) }, () => [pick(FIELDS), pick(VALUES)])))
  const oversized = () => `{"title":"${'x'.repeat(bodyLimit + Math.floor(random() * bodyLimit * 2))}"}`
  const invalidBody = (): string | Uint8Array<ArrayBuffer> =>
    pick<() => string | Uint8Array<ArrayBuffer>>([() => pick(NON_OBJECTS), () => pick(MALFORMED_JSON), oversized, () => new Uint8Array([0xff, 0xfe, 0x7b, 0x80])])()
  const anyBody = () => pick<() => string | Uint8Array<ArrayBuffer> | undefined>([() => undefined, () => '', () => ' \n', object, object, invalidBody])()

  const headers = (authorization: string | undefined) => {
    const result: Record<string, string> = {}
    const contentType = pick(CONTENT_TYPES)
    if (contentType) result['content-type'] = contentType
    if (authorization) result.authorization = authorization
    if (chance(0.3)) result.origin = pick(['https://overlay.example', 'null', 'ht!tp://x'])
    if (chance(0.2)) result['x-forwarded-for'] = pick(['1.2.3.4, ::1', 'garbage', ''])
    if (chance(0.2)) result.accept = pick(['text/html', '*/*', 'application/xml'])
    if (chance(0.1)) result['content-encoding'] = 'gzip'
    return result
  }
  const params = (route: Route, values: readonly string[]) => Object.fromEntries(
    (route.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), chance(0.3) ? validParams(route.path, ids)[p.slice(1)] : pick(values)]))
  const finish = (method: string, path: string, headerSet: Record<string, string>, body: string | Uint8Array<ArrayBuffer> | undefined): FuzzCase =>
    ({ method, path, headers: headerSet, body: method === 'GET' || method === 'HEAD' ? undefined : body })

  return {
    anonymous(): FuzzCase {
      const route = pick(ROUTES)
      const method = chance(0.6) ? route.method : pick([...READ_METHODS, ...WRITE_METHODS, ...ODD_METHODS])
      let path = fillPath(route.path, params(route, ANY_PARAMS))
      if (chance(0.15)) path += pick(['/', '/extra', '//'])
      if (chance(0.1)) path = path.replace('/api', pick(['/API', '//api', '/api/']))
      return finish(method, path + pick(QUERIES), headers(chance(0.3) ? undefined : pick(BAD_TOKENS)), anyBody())
    },

    admin(token: string): FuzzCase {
      const route = pick(ROUTES)
      const reads = chance(0.25)
      const method = reads ? pick(READ_METHODS) : chance(0.7) ? route.method : pick(WRITE_METHODS)
      const names = route.path.match(/:\w+/g)?.map((p) => p.slice(1)) ?? []
      const filled = validParams(route.path, ids)
      if (reads) Object.assign(filled, params(route, ANY_PARAMS))
      else if (names.length > 0) {
        // Poison at least one parameter; a pack name is only refused when its encoding is broken.
        const poisoned = pick(names)
        for (const name of names) {
          if (name === poisoned || chance(0.3)) filled[name] = name === 'name' ? pick(MALFORMED_ENCODINGS) : pick(BAD_IDS)
        }
      }
      const body = reads || names.length > 0 ? anyBody() : invalidBody()
      return finish(method, fillPath(route.path, filled) + (reads ? pick(QUERIES) : ''), headers(`Bearer ${token}`), body)
    },

    raw(): string {
      const route = pick(ROUTES)
      const target = pick([fillPath(route.path, params(route, BAD_IDS)), 'api/games', '*', 'http://x/api/games', '/api/ga mes',
        '/api/\u0001', '/%', '', route.path])
      const line = `${pick(['GET', 'POST', 'FOO', 'get', 'G ET', '', 'DELETE', 'PATCH'])} ${target} ${pick(['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1', 'HTTPS/1.1', ''])}`
      const lines = [line]
      if (chance(0.8)) lines.push(`Host: ${pick(['127.0.0.1', 'a b', '', 'x'.repeat(300)])}`)
      const body = pick(['', '{}', '[1]', '{"key":"x"}'])
      lines.push(...pick([
        [`Content-Length: ${Buffer.byteLength(body)}`],
        ['Content-Length: -1'], ['Content-Length: abc'], ['Content-Length: 2', 'Content-Length: 3'],
        ['Transfer-Encoding: chunked'], ['Transfer-Encoding: chunked', 'Content-Length: 5'],
        ['Bad Header: x'], ['X-Ctl: a\u0001b'], [': empty'], ['NoColon'], [`X-Long: ${'a'.repeat(20_000)}`],
        ['Content-Type: application/json'], ['Authorization: Bearer \u00ff'],
      ]))
      lines.push('Connection: close')
      const chunked = lines.includes('Transfer-Encoding: chunked')
      const framed = chunked ? pick([`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`, 'zz\r\n{}\r\n0\r\n\r\n', '0\r\n\r\n'])
        : lines.some((l) => /^Content-Length: \d+$/.test(l)) && lines.filter((l) => l.startsWith('Content-Length')).length === 1 ? body : ''
      return `${lines.join('\r\n')}\r\n\r\n${framed}`
    },
  }
}
