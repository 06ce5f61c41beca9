// One pack of the catalogue with its games; the admin's switches for the pack and each game.
import { setGameEnabled, setGameFavor, setPackEnabled, setPackFavor } from '../api.ts'
import { formatDate, formatLength, formatPlayers, formatVotes, plural } from '../format.ts'
import type { Favor, Game, Pack, PackMeta } from '../types.ts'

interface Props {
  name: string
  games: Game[]
  pack?: Pack
  meta?: PackMeta
  isAdmin: boolean
  act: (action: () => Promise<unknown>) => Promise<void>
}

const FAVORS: [Favor, string][] = [[1, 'Favor'], [0, 'Neutral'], [-1, 'Disfavor']]

function FavorSelect({ label, value, onPick }: { label: string; value: Favor; onPick: (favor: Favor) => void }) {
  return (
    <select aria-label={label} value={String(value)} onChange={(event) => onPick(Number(event.currentTarget.value) as Favor)}>
      {FAVORS.map(([favor, text]) => <option key={favor} value={String(favor)}>{text}</option>)}
    </select>
  )
}

export function CataloguePack({ name, games, pack, meta, isAdmin, act }: Props) {
  const allEnabled = meta ? meta.enabled_count === meta.total_count : true
  const someEnabled = meta ? meta.enabled_count > 0 : true
  return (
    <section class="pack">
      <div class="pack-header">
        <h2>{name}</h2>
        {isAdmin && (
          <div class="pack-admin">
            <label class="check">
              <input type="checkbox" aria-label={`Pack enabled: ${name}`} checked={allEnabled}
                ref={(input) => { if (input) input.indeterminate = someEnabled && !allEnabled }}
                onChange={() => act(() => setPackEnabled(name, !allEnabled))} />
              Pack enabled
            </label>
            {pack && <FavorSelect label={`Favor for pack ${name}`} value={pack.favor_bias} onPick={(favor) => act(() => setPackFavor(name, favor))} />}
          </div>
        )}
      </div>
      <ul class="games">
        {games.map((game) => (
          <li key={game.id} class={game.enabled ? 'game' : 'game disabled'}>
            <span class="title">{game.title}</span>
            <span class="meta">
              {game.ticker && <span class="ticker" aria-label={`Ticker ${game.ticker}`}>{game.ticker}</span>}
              <span>{formatPlayers(game)}</span>
              <span>{formatLength(game.length_minutes)}</span>
              {game.game_type && <span>{game.game_type}</span>}
              <span>{plural(game.play_count, 'play')}</span>
              <span>{game.last_played_at ? `last played ${formatDate(game.last_played_at)}` : 'never played'}</span>
              <span>{formatVotes(game.upvotes, game.downvotes)}</span>
              {!game.enabled && <span>disabled</span>}
            </span>
            {isAdmin && (
              <span class="game-admin">
                <label class="check">
                  <input type="checkbox" aria-label={`Enabled: ${game.title}`} checked={game.enabled === 1}
                    onChange={() => act(() => setGameEnabled(game.id, game.enabled !== 1))} />
                  Enabled
                </label>
                <FavorSelect label={`Favor for ${game.title}`} value={game.favor_bias} onPick={(favor) => act(() => setGameFavor(game.id, favor))} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
