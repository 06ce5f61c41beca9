// The store port and what stores share: the Store interface, rows in the port's shapes, whole
// tables for copying, how long the logs are kept, and the backups a file store keeps.
export type * from './store.ts'
export {
  type StoredRow, toApiToken, toApiTokenRecord, toChatConnector, toDelivery, toGame, toRoomRecord, toWebhook, toWebhookLog,
  ROOM_COLUMNS, ROOM_UPSERT, roomValues, QUEUE_COLUMNS, QUEUE_UPSERT, queueValues, QUEUE_ENTRY_COLUMNS, queueEntryValues, toQueueEntry,
} from './store-rows.ts'
export {
  TABLES, keyOf, withCountersZeroed, COUNTED_COLUMNS, type TableName, type TableRow, type IdHighWater, type TableReader, type TableWriter,
  type DatabaseTables, type TableSnapshot, type SnapshotFileWriter,
} from './tables.ts'
export { EVENT_RETENTION, LOG_RETENTION_MS, PRUNE_BATCH, type PrunedCounts, type PruneOptions } from './retention.ts'
export { createRetentionJob, type RetentionJob, type RetentionJobOptions } from './retention-job.ts'
export {
  type Backups, type BackupSchedule, type BackupFile, backupsUnavailable, noBackups,
  MIN_BACKUP_INTERVAL_MS, NOT_CONFIGURED, BACKUP_RUNNING, BACKUP_STARTED,
} from './backups.ts'
