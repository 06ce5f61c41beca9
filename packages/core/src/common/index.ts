// What every part of the domain shares: the error type, the entity shapes the API returns, input
// readers, the use cases' context, and the clock and random ports.
export { DomainError, isDomainError, invalidInput, notFound, conflict, rateLimited, unavailable, type DomainErrorCode } from './errors.ts'
export type * from './types.ts'
export { asFields, isMissing, parseId, type Fields } from './validate.ts'
export { coalesce, type Coalesced } from './coalesce.ts'
export { systemClock, type Clock } from './clock.ts'
export { createSeededRandom } from './random.ts'
