import { describe, expect, it } from 'vitest'
import { formatFields, formatTable } from './table.ts'

describe('formatTable', () => {
  const columns = [
    { header: 'ID', value: (row: { id: number; name: string | null }) => row.id },
    { header: 'Name', value: (row: { id: number; name: string | null }) => row.name },
  ]

  it('pads columns, right-aligns numbers and shows absent values as -', () => {
    expect(formatTable([{ id: 7, name: 'Quiplash' }, { id: 12, name: null }], columns)).toBe([
      'ID  Name',
      ' 7  Quiplash',
      '12  -',
    ].join('\n'))
  })

  it('prints only the header for no rows', () => {
    expect(formatTable([], columns)).toBe('ID  Name')
  })
})

describe('formatFields', () => {
  it('aligns the values after their labels', () => {
    expect(formatFields([['ID', 1], ['Players', '3-8'], ['Type', null]])).toBe('ID:       1\nPlayers:  3-8\nType:     -')
  })
})
