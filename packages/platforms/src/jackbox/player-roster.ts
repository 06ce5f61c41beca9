// The players of one followed room, connected or not, as the shard sees them come and go.
/**
 * The players of one room, by name, in join order. ecast keeps disconnected players in `here`
 * (their slot is reserved), so a player we saw leave stays disconnected on later probes until
 * they connect again; a player missing from a fresh `here` (kicked) is forgotten. A follower that
 * takes a room over starts from the roster the last one stored: its welcome's `here` cannot tell
 * who had left.
 */
export interface RosterPlayer { id: number; name: string; connected: boolean }

export interface PlayerRoster {
  /** A fresh `here` from a welcome replaces what we knew. */
  reset(here: readonly { id: number; name: string }[]): void
  join(id: number, name: string): void
  leave(id: number): void
  /** Connected players. */
  count(): number
  players(): RosterPlayer[]
}

export function createPlayerRoster(known: readonly RosterPlayer[] = []): PlayerRoster {
  let players: RosterPlayer[] = known.map((player) => ({ ...player }))
  const departed = new Set(known.filter((player) => !player.connected).map((player) => player.id))
  return {
    reset(here) {
      const known = new Map(players.map((player) => [player.id, player]))
      const inHere = new Set(here.map((entry) => entry.id))
      const kept = players.filter((player) => inHere.has(player.id))
      const added = [...here].filter((entry) => !known.has(entry.id)).sort((a, b) => a.id - b.id)
      players = [...kept, ...added.map(({ id, name }) => ({ id, name, connected: true }))]
        .map((player) => ({ ...player, connected: !departed.has(player.id) }))
    },
    join(id, name) {
      departed.delete(id)
      const player = players.find((entry) => entry.id === id)
      if (player) Object.assign(player, { connected: true, name: name || player.name })
      else players.push({ id, name, connected: true })
    },
    leave(id) {
      departed.add(id)
      const player = players.find((entry) => entry.id === id)
      if (player) player.connected = false
    },
    count: () => players.filter((player) => player.connected).length,
    players: () => players.map((player) => ({ ...player })),
  }
}
