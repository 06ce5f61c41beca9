import { describe, expect, test } from 'vitest'
import { createSeededRandom } from '../common/random.ts'
import { chooseWinner } from './poll-winner.ts'

describe('the winner rule', () => {
  test('most votes wins outright, whatever the weights', () => {
    const random = createSeededRandom('outright')
    for (let i = 0; i < 100; i++) {
      expect(chooseWinner([{ number: 1, votes: 3, weight: 9 }, { number: 2, votes: 4, weight: 1 / 9 }], random)).toBe(2)
    }
  })

  test('a tie is drawn among the tied only, in proportion to their weights (seeded, 30,000 draws)', () => {
    const random = createSeededRandom('tie')
    const contenders = [
      { number: 1, votes: 5, weight: 3 }, { number: 2, votes: 5, weight: 1 }, { number: 3, votes: 5, weight: 1 / 3 },
      { number: 4, votes: 2, weight: 9 },
    ]
    const wins = [0, 0, 0, 0, 0]
    for (let i = 0; i < 30_000; i++) wins[chooseWinner(contenders, random)!] += 1
    expect(wins[4]).toBe(0)
    const total = 3 + 1 + 1 / 3
    expect(wins[1] / 30_000).toBeCloseTo(3 / total, 1)
    expect(wins[2] / 30_000).toBeCloseTo(1 / total, 1)
    expect(wins[3] / 30_000).toBeCloseTo((1 / 3) / total, 1)
    expect(wins[1] / wins[2]).toBeGreaterThan(2.7)
    expect(wins[1] / wins[2]).toBeLessThan(3.3)
    expect(wins[2] / wins[3]).toBeGreaterThan(2.6)
    expect(wins[2] / wins[3]).toBeLessThan(3.4)
  })

  test('no votes at all is a tie of every candidate; no candidates, no winner', () => {
    const random = createSeededRandom('empty')
    const seen = new Set<number | null>()
    for (let i = 0; i < 200; i++) seen.add(chooseWinner([{ number: 1, votes: 0, weight: 1 }, { number: 2, votes: 0, weight: 1 }], random))
    expect([...seen].sort()).toEqual([1, 2])
    expect(chooseWinner([], random)).toBeNull()
  })
})
