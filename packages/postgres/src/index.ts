// @game-picker/postgres: the Store on PostgreSQL, for several API instances on one database.
export { createPostgresStore, type PostgresStore, type PostgresStoreOptions } from './store.ts'
export { describeUrl } from './url.ts'
export { openPostgresTables } from './tables.ts'
export { backupPostgresDatabase, createPostgresBackup, type PostgresBackup, type PostgresBackupOptions } from './backup.ts'
