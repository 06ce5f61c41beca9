// The few IRC lines Twitch chat sends, as data: `@tags :prefix COMMAND params :trailing`
// (IRCv3 message tags, https://ircv3.net/specs/extensions/message-tags).

export interface IrcMessage {
  tags: Record<string, string>
  /** `nick!user@host`, or the server name; '' when absent. */
  prefix: string
  command: string
  params: string[]
}

const TAG_ESCAPES: Record<string, string> = { ':': ';', s: ' ', '\\': '\\', r: '\r', n: '\n' }

function unescapeTag(value: string): string {
  return value.replace(/\\(.?)/g, (_, next: string) => TAG_ESCAPES[next] ?? next)
}

/** One line without its CRLF; null for an empty line. */
export function parseIrcLine(line: string): IrcMessage | null {
  let rest = line
  const tags: Record<string, string> = {}
  if (rest.startsWith('@')) {
    const end = rest.indexOf(' ')
    if (end < 0) return null
    for (const pair of rest.slice(1, end).split(';')) {
      const at = pair.indexOf('=')
      if (at < 0) tags[pair] = ''
      else tags[pair.slice(0, at)] = unescapeTag(pair.slice(at + 1))
    }
    rest = rest.slice(end + 1).trimStart()
  }
  let prefix = ''
  if (rest.startsWith(':')) {
    const end = rest.indexOf(' ')
    if (end < 0) return null
    prefix = rest.slice(1, end)
    rest = rest.slice(end + 1).trimStart()
  }
  const trailingAt = rest.indexOf(' :')
  const head = trailingAt < 0 ? rest : rest.slice(0, trailingAt)
  const [command = '', ...params] = head.split(' ').filter((part) => part !== '')
  if (command === '') return null
  if (trailingAt >= 0) params.push(rest.slice(trailingAt + 2))
  return { tags, prefix, command: command.toUpperCase(), params }
}

/** The nick of a `nick!user@host` prefix. */
export const nickOf = (prefix: string) => prefix.split('!')[0]
