import { expect, test } from 'vitest'
import { batched } from './batches.ts'

test('items that arrive while a batch is written go together in the next, each answered in order', async () => {
  const batches: number[][] = []
  let release: () => void = () => {}
  const submit = batched(async (items: number[]) => {
    batches.push(items)
    if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve))
    return items.map((item) => item * 10)
  })
  const first = submit(1)
  const rest = [submit(2), submit(3), submit(4)]
  release()
  expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40])
  expect(batches).toEqual([[1], [2, 3, 4]])
})

test('a batch that fails rejects its own items only', async () => {
  let calls = 0
  const submit = batched(async (items: string[]) => {
    calls += 1
    if (calls === 1) throw new Error('store gone')
    return items
  })
  await expect(submit('a')).rejects.toThrow('store gone')
  expect(await submit('b')).toBe('b')
})
