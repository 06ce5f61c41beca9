// Pick: the room's filters, a weighted random pick, its odds, and (for the admin while a
// session runs) adding it to the session.
import { useState } from 'preact/hooks'
import { useActiveSession } from '../active-session.ts'
import { ApiError, listPackMeta, pick } from '../api.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { PickFilters, type Filters } from '../components/pick-filters.tsx'
import { PickResultView } from '../components/pick-result.tsx'
import { RoomChoice } from '../components/room-choice.tsx'
import { byNaturalOrder } from '../format.ts'
import { useRequest } from '../hooks.ts'
import type { PickRequest, PickResult } from '../types.ts'

const NO_FILTERS: Filters = { players: '', length: '', drawing: '', familyFriendly: false, audienceOverflow: false, notPlayedLately: false, popular: false, excludedPacks: [] }

export function toRequest(filters: Filters, allPacks: string[], sessionId: number | undefined): PickRequest {
  const request: PickRequest = { explain: true }
  if (filters.players !== '') request.playerCount = Number(filters.players)
  if (filters.length) request.length = filters.length
  if (filters.drawing) request.drawing = filters.drawing
  if (filters.familyFriendly) request.familyFriendly = true
  if (filters.audienceOverflow) request.audienceOverflow = true
  if (filters.notPlayedLately) request.favorFresh = true
  if (filters.popular) request.favorPopular = true
  // Every pack ticked is no pack filter at all; none ticked is for the API to refuse.
  if (filters.excludedPacks.length > 0) request.packs = allPacks.filter((name) => !filters.excludedPacks.includes(name))
  if (sessionId !== undefined) request.sessionId = sessionId
  return request
}

export function PickPage() {
  const [filters, setFilters] = useState(NO_FILTERS)
  const [result, setResult] = useState<PickResult | null>(null)
  const [error, setError] = useState<unknown>(null)
  const packs = useRequest(listPackMeta)
  const active = useActiveSession()
  const session = active.data?.session ?? null
  const packNames = (packs.data ?? []).map((pack) => pack.name).sort(byNaturalOrder)

  const draw = async (event?: Event) => {
    event?.preventDefault()
    try {
      setResult(await pick(toRequest(filters, packNames, session?.id)))
      setError(null)
    } catch (failure) {
      setResult(null)
      setError(failure)
    }
  }

  const suggestion = error instanceof ApiError && typeof error.body.suggestion === 'string' ? error.body.suggestion : null
  return (
    <>
      <h1>Pick a game</h1>
      <PickFilters filters={filters} packs={packNames} onChange={setFilters} onSubmit={draw} />
      <RoomChoice pick={() => toRequest(filters, packNames, session?.id)} session={session} />
      <ErrorAlert error={error ?? packs.error ?? active.error} />
      {suggestion && <p class="hint">{suggestion}</p>}
      {result && <PickResultView result={result} session={session} onReroll={() => void draw()} />}
    </>
  )
}
