// How to name a database URL in messages and logs: without its password.

/** The URL without its password (or query string), for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    const user = parsed.username ? `${parsed.username}@` : ''
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`
  } catch {
    return 'the PostgreSQL database (unreadable URL)'
  }
}
