// The two things the run's PostgreSQL set-up and each test database need: one statement on a
// connection of its own, and the URL that logs in to a database as the run's ordinary role.
import pg from 'pg'

export async function runSql(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

export function ownerUrl(adminUrl: string, owner: { user: string; password: string }, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  url.username = owner.user
  url.password = owner.password
  return url.toString()
}
