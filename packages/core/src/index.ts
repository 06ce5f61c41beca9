// @game-picker/core: the domain. The sql.js store is the subpath '@game-picker/core/sqlite'.
export { createCore, type ChatConfig, type Core, type CoreOptions } from './core.ts'
export { DomainError, isDomainError, type DomainErrorCode } from './errors.ts'
export type * from './store.ts'
export type * from './types.ts'
// For stores: their rows in the port's shapes, and whole tables for copying.
export {
  type StoredRow, toApiToken, toApiTokenRecord, toChatConnector, toDelivery, toGame, toRoomRecord, toWebhook, toWebhookLog,
  ROOM_COLUMNS, ROOM_UPSERT, roomValues,
} from './store-rows.ts'
export { TABLES, keyOf, type TableName, type TableRow, type IdHighWater, type TableReader, type TableWriter, type DatabaseTables } from './tables.ts'
export { createSeededRandom } from './random.ts'
export { parseGameFilter, matchesFilter } from './filters.ts'
export { parseId } from './validate.ts'
export { EVENT_TYPES, type EventType, isEventType, readEventTypes } from './events.ts'
export { createEventFeed, type EventFeed, type EventFeedOptions, type FeedEvent } from './event-feed.ts'
export { EVENT_RETENTION, LOG_RETENTION_MS, PRUNE_BATCH, type PrunedCounts, type PruneOptions } from './retention.ts'
export { createRetentionJob, type RetentionJob, type RetentionJobOptions } from './retention-job.ts'
export { BUILTIN_CATALOGUES, readBuiltinCatalogue } from './catalogue.ts'
export { APP_TAG, bundledAppTags, bundledAppTagUpdates } from './app-tags.ts'
export { BUNDLED_TICKERS, bundledTickersSql } from './bundled-tickers.ts'
export type { PickResult, PickOdds } from './picker.ts'
export { MAX_NOT_PLAYED_DAYS, MAX_PICK_COUNT } from './pick-input.ts'
export type { LiveVoteResult } from './votes.ts'
export type { VotePage } from './vote-history.ts'
export { voteHistoryWhere } from './vote-history-sql.ts'
export type { ChatImportResult } from './chat-import.ts'
export type { Stats, GameStat } from './stats.ts'
export type { CsvImportResult, CsvImportPlan, ImportMode } from './csv.ts'
export type { SessionExportFile, ExportFormat } from './session-export.ts'
export { createPollJobs, type PollJobs, type PollJobsOptions } from './polls/poll-jobs.ts'
export { MAX_VOTERS_PER_ADDRESS } from './polls/polls.ts'
export { SCOPES, TOKEN_PREFIX, isScope, holdsScope, type TokenHolder, type CreatedToken } from './api-tokens.ts'
export type { AuditRecord } from './audit-log.ts'
export {
  createBackups, backupName, type Backups, type BackupsOptions, type BackupSchedule, type BackupFile,
  MIN_BACKUP_INTERVAL_MS, NOT_CONFIGURED, POSTGRES_BACKUPS, BACKUP_RUNNING, BACKUP_STARTED,
} from './backups.ts'
