// Sessions: a games night, the games played in it and their player checks, and its export.
export type { SessionExportFile, ExportFormat } from './session-export.ts'
