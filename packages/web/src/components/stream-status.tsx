// Says when the live updates are cut off; the stream reconnects by itself.
import { useStreamState } from '../events.ts'

export function StreamStatus() {
  const state = useStreamState()
  return (
    <div role="status" class={state === 'disconnected' ? 'stream-status lost' : 'stream-status'}>
      {state === 'disconnected' ? 'Disconnected from live updates, reconnecting…' : ''}
    </div>
  )
}
