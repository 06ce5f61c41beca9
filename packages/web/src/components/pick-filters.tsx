// The Pick form: players, length, drawing, family friendly, audience overflow, what to favor
// (not played lately, popular) and packs.
export interface Filters {
  players: string
  length: string
  drawing: string
  familyFriendly: boolean
  audienceOverflow: boolean
  /** favorFresh: games not played for a while weigh more. */
  notPlayedLately: boolean
  /** favorPopular: games chat voted up weigh more. */
  popular: boolean
  /** Packs unticked by the room (all are ticked at first). */
  excludedPacks: string[]
}

interface Props {
  filters: Filters
  packs: string[]
  onChange: (filters: Filters) => void
  onSubmit: (event: Event) => void
}

export function PickFilters({ filters, packs, onChange, onSubmit }: Props) {
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change })
  const togglePack = (name: string, ticked: boolean) =>
    set({ excludedPacks: ticked ? filters.excludedPacks.filter((pack) => pack !== name) : [...filters.excludedPacks, name] })

  return (
    <form class="pick-form" onSubmit={onSubmit}>
      <div class="fields">
        <label>
          Players
          <input type="number" inputMode="numeric" value={filters.players}
            onInput={(event) => set({ players: event.currentTarget.value })} />
        </label>
        <label>
          Length
          <select value={filters.length} onChange={(event) => set({ length: event.currentTarget.value })}>
            <option value="">Any</option>
            <option value="short">Short</option>
            <option value="medium">Medium</option>
            <option value="long">Long</option>
          </select>
        </label>
        <label>
          Drawing
          <select value={filters.drawing} onChange={(event) => set({ drawing: event.currentTarget.value })}>
            <option value="">Any</option>
            <option value="only">Only drawing</option>
            <option value="exclude">No drawing</option>
          </select>
        </label>
      </div>
      <div class="checks">
        <label class="check">
          <input type="checkbox" checked={filters.familyFriendly}
            onChange={(event) => set({ familyFriendly: event.currentTarget.checked })} />
          Family friendly only
        </label>
        <label class="check">
          <input type="checkbox" checked={filters.audienceOverflow}
            onChange={(event) => set({ audienceOverflow: event.currentTarget.checked })} />
          Audience overflow
        </label>
        <label class="check">
          <input type="checkbox" checked={filters.notPlayedLately}
            onChange={(event) => set({ notPlayedLately: event.currentTarget.checked })} />
          Not played lately first
        </label>
        <label class="check">
          <input type="checkbox" checked={filters.popular}
            onChange={(event) => set({ popular: event.currentTarget.checked })} />
          Popular first
        </label>
      </div>
      <fieldset class="packs">
        <legend>Packs</legend>
        {packs.map((name) => (
          <label class="check" key={name}>
            <input type="checkbox" checked={!filters.excludedPacks.includes(name)}
              onChange={(event) => togglePack(name, event.currentTarget.checked)} />
            {name}
          </label>
        ))}
      </fieldset>
      <button type="submit" class="primary">Pick</button>
    </form>
  )
}
