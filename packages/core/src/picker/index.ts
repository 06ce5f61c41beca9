// The picker: the weighted random draw, its odds, and the options that look at what was played.
export type { PickResult } from './pick-result.ts'
export type { PickOdds } from './odds.ts'
export { MAX_NOT_PLAYED_DAYS, MAX_PICK_COUNT } from './pick-input.ts'
