// Adding someone to the line by hand (a friend on the couch, a viewer without chat).
import { useState } from 'preact/hooks'
import { addQueueEntry } from '../../api.ts'
import type { RunQueueAction } from './run-queue-action.ts'

export function QueueAddForm({ run }: { run: RunQueueAction }) {
  const [name, setName] = useState('')
  const add = async (event: Event) => {
    event.preventDefault()
    if (await run(() => addQueueEntry(name.trim()))) setName('')
  }
  return (
    <form class="inline-form" onSubmit={add}>
      <label>Name <input type="text" maxLength={25} autoComplete="off" value={name} onInput={(event) => setName(event.currentTarget.value)} /></label>
      <button type="submit">Add</button>
    </form>
  )
}
