// Migrations, in order: migration i brings PRAGMA user_version from i to i + 1.
// Rules that must hold under concurrency live in the schema, not only in code: one game per
// (pack_name, title), at most one active session and one playing game per session, and
// counters kept by triggers so they can never drift from the rows they count.
import { initial } from './migrations/001-initial.ts'
import { idsEventsLeases } from './migrations/002-ids-events-leases.ts'
import { chatMessageKey } from './migrations/003-chat-message-key.ts'
import { logRetention } from './migrations/004-log-retention.ts'
import { polls } from './migrations/005-polls.ts'
import { tokensAudit } from './migrations/006-tokens-audit.ts'
import { chatPlatforms } from './migrations/007-chat-platforms.ts'
import { tickersHistory } from './migrations/008-tickers-history.ts'
import { appTagsRooms } from './migrations/009-app-tags-rooms.ts'
import { viewerQueue } from './migrations/010-viewer-queue.ts'

export const migrations: string[] = [initial, idsEventsLeases, chatMessageKey, logRetention, polls, tokensAudit, chatPlatforms, tickersHistory, appTagsRooms(), viewerQueue]
