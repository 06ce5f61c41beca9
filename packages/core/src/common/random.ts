// Random sources for the picker. The default is Math.random; a seeded one makes picks
// repeatable (the CLI's --seed, tests).

/** mulberry32 over a 32-bit hash of the seed: small, fast and good enough for picking games. */
export function createSeededRandom(seed: string | number): () => number {
  let state = hashSeed(String(seed))
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hashSeed(seed: string): number {
  let hash = 2166136261
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619)
  return hash >>> 0
}
