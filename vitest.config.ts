import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url))

// Unit tests run against the sources; e2e tests spawn the built binaries in dist.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@game-picker\/core$/, replacement: src('core/src/index.ts') },
      { find: /^@game-picker\/core\/(.+)$/, replacement: src('core/src/$1/index.ts') },
      { find: /^@game-picker\/http$/, replacement: src('http/src/index.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    // The JSON report is what .ci/run counts; the default reporter is for people.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
