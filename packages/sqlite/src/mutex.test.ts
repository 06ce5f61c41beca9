import { describe, expect, it } from 'vitest'
import { createMutex } from './mutex.ts'

describe('createMutex', () => {
  it('runs tasks one at a time, in arrival order, even across awaits and failures', async () => {
    const mutex = createMutex()
    const log: string[] = []
    const task = (name: string, fail = false) => mutex.run(async () => {
      log.push(`${name} start`)
      await new Promise((resolve) => setImmediate(resolve))
      log.push(`${name} end`)
      if (fail) throw new Error(name)
      return name
    })
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end'])
  })
})
