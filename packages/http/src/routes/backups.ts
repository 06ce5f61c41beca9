// Backups of the database file: both routes need the scope `admin`.
import type { Backups } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerBackupRoutes(api: ApiRouter, backups: Backups) {
  api.get('/api/backups', () => backups.list(), { scope: 'admin' })
  api.post('/api/backups', () => backups.start(), { scope: 'admin', status: 202 })
}
