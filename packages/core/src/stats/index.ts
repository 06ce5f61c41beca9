// Statistics: what was played, how often, and how it was liked.
export type { Stats, GameStat } from './stats.ts'
