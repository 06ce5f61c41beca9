import { describe, expect, it } from 'vitest'
import type { Game, Poll } from '@game-picker/core'
import { joinReply, nowPlaying, pickReply, pollMessage, readPollButtonId } from './messages.ts'

const game = (id: number, title: string): Game => ({ id, title, pack_name: 'Pack' } as Game)
const poll = (count: number, extra: Partial<Poll> = {}): Poll => ({
  id: 7, status: 'open', total_votes: 0, created_at: '', closes_at: null, closed_at: null, add_winner: false, winner: null, session_game: null,
  candidates: Array.from({ length: count }, (_, i) => ({ number: i + 1, game: game(i + 1, i === 0 ? 'T'.repeat(100) : `Game ${i + 1}`), votes: i })),
  ...extra,
})

describe('the poll message', () => {
  it('has one button per candidate, five to a row (Discord\'s limit), labels within 80 characters', () => {
    const { components } = pollMessage(poll(7)) as { components: { components: { custom_id: string; label: string }[] }[] }
    expect(components.map((row) => row.components.length)).toEqual([5, 2])
    const all = components.flatMap((row) => row.components)
    expect(all.map((button) => button.custom_id)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `poll:7:${n}`))
    expect(all[0].label).toHaveLength(80)
    expect(all.map((button) => readPollButtonId(button.custom_id)?.number)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(readPollButtonId('something:else')).toBeNull()
  })

  it('shows the tallies, the closing time while open, and the winner without buttons once closed', () => {
    const open = pollMessage(poll(2, { closes_at: '2026-11-26T20:00:00.000Z' }))
    expect(open.content).toBe('**Poll: what do we play next?** Press a button to vote. Closes <t:1795723200:R>.\n'
      + `1. ${'T'.repeat(100)} (Pack): 0 votes\n2. Game 2 (Pack): 1 vote`)
    const closed = pollMessage(poll(2, { status: 'closed', winner: { number: 2, game: game(2, 'Game 2') } }))
    expect(closed).toEqual({ content: `**Poll closed.** Winner: Game 2 (Pack)\n1. ${'T'.repeat(100)} (Pack): 0 votes\n2. Game 2 (Pack): 1 vote`, components: [] })
  })
})

it('writes Now playing with the room code when there is one, and the picks', () => {
  expect(nowPlaying(game(1, 'Quiplash'), 'ABCD')).toBe('Now playing: Quiplash (Pack)\nRoom code: ABCD')
  expect(nowPlaying(game(1, 'Quiplash'), null)).toBe('Now playing: Quiplash (Pack)')
  expect(pickReply({ game: game(1, 'A'), poolSize: 3, totalEnabled: 3 })).toBe('Picked: A (Pack)')
  expect(pickReply({ game: game(1, 'A'), games: [game(1, 'A'), game(2, 'B')], poolSize: 3, totalEnabled: 3 })).toBe('Picked:\n1. A (Pack)\n2. B (Pack)')
})

it('answers /join with the place in line, or why there is none', () => {
  expect(joinReply({ kind: 'joined', position: 3 })).toBe('You are number 3 in the queue')
  expect(joinReply({ kind: 'already', position: 1 })).toBe('You are number 1 in the queue')
  expect(joinReply({ kind: 'already', position: null })).toBe('You are already in the queue') // seated, playing or a no-show
  expect(joinReply({ kind: 'closed' })).toBe('The queue is closed')
  expect(joinReply({ kind: 'full' })).toBe('The queue is full')
})
