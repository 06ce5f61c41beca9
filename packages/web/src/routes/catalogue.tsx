// Catalogue: every game by pack, narrowed as you type; the admin enables, disables and favors
// games and whole packs.
import { useState } from 'preact/hooks'
import { listGames, listPackMeta, listPacks } from '../api.ts'
import { useIsAdmin } from '../auth.ts'
import { CataloguePack } from '../components/catalogue-pack.tsx'
import { ErrorAlert } from '../components/error-alert.tsx'
import { byNaturalOrder } from '../format.ts'
import { useAction, useRequest } from '../hooks.ts'
import type { Game } from '../types.ts'

async function loadCatalogue() {
  const [games, packs, meta] = await Promise.all([listGames(), listPacks(), listPackMeta()])
  return { games, packs, meta }
}

const matches = (game: Game, words: string[]) => {
  const text = `${game.title} ${game.pack_name} ${game.game_type ?? ''} ${game.secondary_type ?? ''}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

export function CataloguePage() {
  const isAdmin = useIsAdmin()
  const { data, error, reload } = useRequest(loadCatalogue)
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [search, setSearch] = useState('')
  const [onlyEnabled, setOnlyEnabled] = useState(false)

  const act = async (action: () => Promise<unknown>) => {
    await run(action)
    await reload()
  }
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  const shown = (data?.games ?? []).filter((game) => matches(game, words) && (!onlyEnabled || game.enabled === 1))
  const byPack = new Map<string, Game[]>()
  for (const game of shown) byPack.set(game.pack_name, [...(byPack.get(game.pack_name) ?? []), game])

  return (
    <>
      <h1>Catalogue</h1>
      <div class="catalogue-filters">
        <label>Search <input type="search" value={search} onInput={(event) => setSearch(event.currentTarget.value)} /></label>
        <label class="check">
          <input type="checkbox" checked={onlyEnabled} onChange={(event) => setOnlyEnabled(event.currentTarget.checked)} />
          Enabled games only
        </label>
      </div>
      <ErrorAlert error={actionError ?? error} />
      {data && <p class="hint" aria-live="polite">{shown.length} of {data.games.length} games</p>}
      {[...byPack].sort(([a], [b]) => byNaturalOrder(a, b)).map(([name, games]) => (
        <CataloguePack key={name} name={name} games={games} isAdmin={isAdmin} act={act}
          pack={data?.packs.find((pack) => pack.name === name)} meta={data?.meta.find((pack) => pack.name === name)} />
      ))}
    </>
  )
}
