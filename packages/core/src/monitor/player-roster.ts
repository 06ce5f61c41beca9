/**
 * The player ids of one room. ecast keeps disconnected players in `here` (their slot is reserved),
 * so a player we saw leave stays uncounted on later probes until they connect again.
 */
export interface PlayerRoster {
  /** A fresh `here` from a welcome replaces what we knew. */
  reset(hereIds: Iterable<number>): void
  join(id: number): void
  leave(id: number): void
  count(): number
}

export function createPlayerRoster(): PlayerRoster {
  let present = new Set<number>()
  const departed = new Set<number>()
  return {
    reset(hereIds) {
      present = new Set([...hereIds].filter((id) => !departed.has(id)))
    },
    join(id) {
      departed.delete(id)
      present.add(id)
    },
    leave(id) {
      departed.add(id)
      present.delete(id)
    },
    count: () => present.size,
  }
}
