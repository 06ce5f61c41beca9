// Deterministic generated data for the benchmarks: catalogues (CSV) and chat logs.

const TYPES = ['Drawing', 'Trivia', 'Writing', 'Bluffing', 'Party', null]
const HEADER = 'Pack Name,Title,Min Players,Max Players,Length (minutes),Audience,Family Friendly,Game Type,Secondary Type'

/** A catalogue CSV of `games` games spread evenly over `packs` packs (500 in 25 = 20 per pack). */
export function catalogueCsv(games, packs) {
  const lines = [HEADER]
  const perPack = Math.ceil(games / packs)
  for (let i = 0; i < games; i++) {
    const pack = Math.floor(i / perPack) + 1
    const min = 1 + (i % 4)
    const max = min + 2 + (i % 7)
    const length = i % 9 === 0 ? '' : String(8 + ((i * 7) % 30))
    const type = TYPES[i % TYPES.length] ?? ''
    const secondary = i % 11 === 0 ? 'Drawing' : ''
    lines.push([
      `Bench Pack ${pack}`, `"Bench Game ${i + 1}, ""the ${['party', 'quiz', 'draw'][i % 3]} one"""`,
      min, max, length, i % 2 ? 'Yes' : 'No', i % 3 ? 'Yes' : 'No', type, secondary,
    ].join(','))
  }
  return `${lines.join('\n')}\n`
}

/** The picker filters used for POST /api/pick (a pool of a few dozen of the 500 games). */
export const PICK_FILTERS = { playerCount: 6, drawing: 'exclude', length: 'medium', familyFriendly: true }

/**
 * `count` chat messages starting at `startMs`, 10 ms apart, from 5,000 distinct users; every
 * third message is a vote (up or down), so per user the votes are far more than 1 s apart.
 */
export function chatLog(count, startMs, userPrefix = 'viewer') {
  const messages = new Array(count)
  for (let i = 0; i < count; i++) {
    const vote = i % 3 === 0 ? (i % 6 === 0 ? 'thisgame++' : 'thisgame--') : ''
    messages[i] = {
      username: `${userPrefix}${i % 5000}`,
      message: vote ? `${vote} round ${i}` : `message ${i} lol`,
      timestamp: new Date(startMs + i * 10).toISOString(),
    }
  }
  return messages
}

/** `count` vote-only messages (each a vote) over `users` users, at least 1 s apart per user. */
export function voteLog(count, startMs, users, userPrefix) {
  const spacing = Math.ceil(1100 / users) // per user: users * spacing >= 1100 ms between votes
  const messages = new Array(count)
  for (let i = 0; i < count; i++) {
    messages[i] = {
      username: `${userPrefix}${i % users}`,
      message: i % 4 === 0 ? 'thisgame-- meh' : 'thisgame++ !!',
      timestamp: new Date(startMs + i * spacing).toISOString(),
    }
  }
  return messages
}
