// Database URLs: how the CLI tells one from a file name, and how it names one without its password.

/** `postgres://` or `postgresql://`: anything else is a file name. */
export const isPostgresUrl = (value: string): boolean => /^postgres(ql)?:\/\//i.test(value)

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
