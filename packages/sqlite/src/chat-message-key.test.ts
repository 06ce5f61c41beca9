// Migration 3 on a file written by schema version 2: chat messages keep their rows and ids,
// the uniqueness rule still holds (under the time-first index), and a deleted message's id is
// not handed out again.
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { createCore } from '@game-picker/core'
import { openSqlDatabase } from './durable-db.ts'
import { createSqliteStore } from './index.ts'
import { migrations } from './schema.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

const T = '2026-11-22T20:00:00.000Z'
const at = (seconds: number) => new Date(Date.parse(T) + seconds * 1000).toISOString()

/** A version-2 file: an active session with one game and three chat messages, the newest deleted. */
async function writeVersion2File(): Promise<string> {
  const file = join(tempDir(), 'v2.sqlite')
  const db = await openSqlDatabase({ file, migrations: migrations.slice(0, 2), onOpen: (w) => void w.run('PRAGMA foreign_keys = ON') })
  await db.write((w) => {
    w.run(`INSERT INTO packs (name, created_at) VALUES ('Pack A', '${T}')`)
    w.run(`INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES ('Pack A', 'One', 2, 8, '${T}')`)
    w.run(`INSERT INTO sessions (created_at, is_active) VALUES ('${T}', 1)`)
    w.run(`INSERT INTO session_games (session_id, game_id, played_at, status) VALUES (1, 1, '${T}', 'playing')`)
    for (const [user, message, seconds] of [['sam', 'hi', 1], ['kim', 'thisgame++', 2], ['sam', 'bye', 3]] as const) {
      w.run('INSERT INTO chat_messages (session_id, username, message, timestamp) VALUES (1, ?, ?, ?)', [user, message, at(seconds)])
    }
    w.run('DELETE FROM chat_messages WHERE id = 3')
  })
  await db.close()
  return file
}

test('migration 3 keeps chat messages and their ids, refuses duplicates, and never reuses a deleted id', async () => {
  const file = await writeVersion2File()
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
  try {
    const exported = (await core.exportSession(1, 'json')).body
    expect(JSON.parse(exported).chat_messages.map((m: { id: number; message: string }) => [m.id, m.message]))
      .toEqual([[1, 'hi'], [2, 'thisgame++']])

    const log = [
      { username: 'sam', message: 'hi', timestamp: at(1) }, // stored already
      { username: 'kim', message: 'thisgame++', timestamp: at(2) }, // stored already
      { username: 'ana', message: 'new', timestamp: at(4) },
    ]
    expect(await core.importChat(1, { chatData: log })).toMatchObject({ messagesImported: 1, duplicatesSkipped: 2 })
    expect(await core.importChat(1, { chatData: log })).toMatchObject({ messagesImported: 0, duplicatesSkipped: 3 })
    const messages = JSON.parse((await core.exportSession(1, 'json')).body).chat_messages
    expect(messages.map((m: { id: number; username: string }) => [m.id, m.username])).toEqual([[1, 'sam'], [2, 'kim'], [4, 'ana']])
  } finally {
    await core.close()
  }
})

test('the schema itself refuses a second copy of a message (time first in its index)', async () => {
  const db = await openSqlDatabase({ migrations })
  try {
    await db.write((w) => {
      w.run(`INSERT INTO sessions (created_at, is_active) VALUES ('${T}', 1)`)
      w.run(`INSERT INTO chat_messages (session_id, username, message, timestamp) VALUES (1, 'sam', 'hi', '${T}')`)
    })
    await expect(db.write((w) => w.run(`INSERT INTO chat_messages (session_id, username, message, timestamp) VALUES (1, 'sam', 'hi', '${T}')`)))
      .rejects.toThrow(/UNIQUE/)
    const index = await db.read((r) => r.all<{ name: string }>(
      `SELECT ii.name FROM pragma_index_list('chat_messages') il, pragma_index_info(il.name) ii WHERE il."unique" = 1 ORDER BY ii.seqno`))
    expect(index.map((column) => column.name)).toEqual(['session_id', 'timestamp', 'username', 'message'])
  } finally {
    await db.close()
  }
})
