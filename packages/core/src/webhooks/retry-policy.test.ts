import { describe, expect, it } from 'vitest'
import { describeOutcome, planNextAttempt } from './retry-policy.ts'

const at = new Date('2024-01-01T00:00:00.000Z')
const delays = [1000, 4000]

describe('planNextAttempt', () => {
  it.each([
    { status: 200, attempt: 1, next: null },
    { status: 204, attempt: 1, next: null },
    { status: 301, attempt: 1, next: null },
    { status: 400, attempt: 1, next: null },
    { status: 404, attempt: 1, next: null },
    { status: 429, attempt: 1, next: '2024-01-01T00:00:01.000Z' },
    { status: 500, attempt: 1, next: '2024-01-01T00:00:01.000Z' },
    { status: 503, attempt: 2, next: '2024-01-01T00:00:04.000Z' },
    { status: null, attempt: 2, next: '2024-01-01T00:00:04.000Z' },
    { status: 500, attempt: 3, next: null }, // 3 attempts in all
    { status: null, attempt: 7, next: null },
  ])('$status on attempt $attempt -> $next', ({ status, attempt, next }) => {
    expect(planNextAttempt(status, attempt, delays, at)?.toISOString() ?? null).toBe(next)
  })
})

describe('describeOutcome', () => {
  it('is null only on success', () => {
    expect(describeOutcome(200, null)).toBeNull()
    expect(describeOutcome(500, null)).toBe('HTTP 500')
    expect(describeOutcome(null, 'timeout after 5000 ms')).toBe('timeout after 5000 ms')
  })
})
