// The advisory locks the store takes by a fixed number, all in one place. A session lock and a
// transaction lock on the same number are the same lock (either waits for, or refuses, the
// other), so each use needs a number of its own: the backup once shared the sequencer's, so each
// sequencer run refused a backup that started meanwhile ("A backup is already running" with none
// running), and a backup that got it held every instance's sequencer, and with it every write
// that sends an event, for as long as it ran. All lie above hashtext()'s 32-bit range, so no
// tx.lock(key) (coordination.ts) can collide with them.

/** Start-up: migrations and a new database's set-up, one instance at a time (migrate.ts). */
export const STARTUP_LOCK = '7263540192881733'

/**
 * A sequencer run (sequencer.ts), taken by sequence_events in the schema (schema-lean-votes.ts),
 * where the number is written out: a migration's text never changes, so this one never can.
 */
export const SEQUENCER_LOCK = '7263540192881734'

/** A backup, held by its connection from start to end: one per database at a time (backup.ts). */
export const BACKUP_LOCK = '7263540192881735'
