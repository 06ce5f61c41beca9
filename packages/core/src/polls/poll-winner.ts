// The winner rule: most votes; a tie (no votes at all included) is drawn among the tied,
// weighted as the picker weighs games (game favor x pack favor), with the injectable random source.
import { drawIndex } from '../picker/odds.ts'

export interface Contender {
  number: number
  votes: number
  /** The picker's weight of the candidate's game. */
  weight: number
}

/** The winning number; null without candidates. */
export function chooseWinner(contenders: readonly Contender[], random: () => number): number | null {
  if (contenders.length === 0) return null
  const most = Math.max(...contenders.map((contender) => contender.votes))
  const tied = contenders.filter((contender) => contender.votes === most)
  if (tied.length === 1) return tied[0].number
  return tied[drawIndex(tied.map((contender) => contender.weight), random())].number
}
