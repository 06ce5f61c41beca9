// Stats: totals, the most played games and the top rated ones.
import { getStats } from '../api.ts'
import { BarChart } from '../components/bar-chart.tsx'
import { ErrorAlert } from '../components/error-alert.tsx'
import { formatVotes } from '../format.ts'
import { useRequest } from '../hooks.ts'

export function StatsPage() {
  const { data, error } = useRequest(getStats)
  return (
    <>
      <h1>Stats</h1>
      <ErrorAlert error={error} />
      {data && (
        <>
          <dl class="totals">
            <div><dt>Games</dt><dd>{data.games.count}</dd></div>
            <div><dt>Sessions</dt><dd>{data.sessions.count}</dd></div>
            <div><dt>Games played</dt><dd>{data.totalGamesPlayed.count}</dd></div>
          </dl>
          <section>
            <h2>Most played</h2>
            {data.mostPlayedGames.length === 0 ? <p>No game has been played yet.</p> : (
              <BarChart label="Most played" bars={data.mostPlayedGames.map((game) => ({
                label: game.title, text: `${game.play_count}`, parts: [{ value: game.play_count, tone: 'accent' }],
              }))} />
            )}
          </section>
          <section>
            <h2>Top rated</h2>
            {data.topRatedGames.length === 0 ? <p>No votes yet.</p> : (
              <BarChart label="Top rated" bars={data.topRatedGames.map((game) => ({
                label: game.title,
                text: `${formatVotes(game.upvotes, game.downvotes)} (score ${game.popularity_score})`,
                parts: [{ value: game.upvotes, tone: 'good' }, { value: game.downvotes, tone: 'bad' }],
              }))} />
            )}
          </section>
        </>
      )}
    </>
  )
}
