import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { TEST_SECRET_KEY_TEXT } from './test/helpers/secret-key.ts'

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url))

// Two projects in one run (one JSON report): `sqlite` runs every test on the default store;
// `postgres` runs the suites that drive the API or the CLI again on PostgreSQL, plus the tests
// of PostgreSQL itself (test/postgres). The Store contract (contracts/store) covers every store
// in the sqlite run. Files about the sqlite file by nature run there only: its lock, its
// journal and reopening (contracts/sqlite-store), the README walkthrough on a file, and the
// packed packages (the CLI and the core README's library example on a file).
const SQLITE_ONLY = [
  'test/e2e/cli-file-lock.test.ts', 'test/e2e/readme-games-night.test.ts', 'test/e2e/cli-pack.test.ts',
  'test/http/backups-file.test.ts', 'test/e2e/cli-backup.test.ts',
]

// Backups check their copy in a child process at the lowest CPU priority (SCHED_IDLE), which gets
// the CPU only when nothing else wants it: beside a busy suite those checks would wait for minutes.
// These files run after the rest (sqlite store), when the machine has room.
const BACKUPS = [
  'packages/sqlite/src/backup.test.ts', 'packages/sqlite/src/backup-folder.test.ts', 'test/e2e/cli-backup.test.ts',
  'test/http/backups.test.ts', 'test/http/backups-file.test.ts',
]
// The backups of a PostgreSQL database, checked the same way: after the rest, on PostgreSQL.
const POSTGRES_BACKUPS = ['test/http/backups.test.ts', 'test/postgres/pg-backup.test.ts']

// The PostgreSQL projects' processes: the store, and the one secret key every server of a
// PostgreSQL deployment is started with.
const ON_POSTGRES = { GAME_PICKER_TEST_STORE: 'postgres', GAME_PICKER_SECRET_KEY: TEST_SECRET_KEY_TEXT }

// Unit tests run against the sources; e2e tests spawn the built binaries in dist.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@game-picker\/core$/, replacement: src('core/src/index.ts') },
      { find: /^@game-picker\/sqlite$/, replacement: src('sqlite/src/index.ts') },
      { find: /^@game-picker\/platforms$/, replacement: src('platforms/src/index.ts') },
      { find: /^@game-picker\/http$/, replacement: src('http/src/index.ts') },
      { find: /^@game-picker\/postgres$/, replacement: src('postgres/src/index.ts') },
    ],
  },
  test: {
    // One PostgreSQL server for the run (started from npm unless GAME_PICKER_TEST_PG_URL is set),
    // and one Chromium that the browser tests connect to.
    globalSetup: ['test/helpers/pg-global-setup.ts', 'test/helpers/browser-global-setup.ts'],
    // The JSON report is what .ci/run counts; the default reporter is for people.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
    // Most files wait on servers, child processes, browsers and timers rather than compute, so
    // more files run side by side than there are cores (vitest's default is one fewer than the
    // cores: a single worker on a 2-core machine).
    maxWorkers: 4,
    // A worker runs file after file with the modules it loaded (the sources, sql.js, h3, …)
    // instead of loading them again for each of the 190 files: that loading was a third of the
    // workers' CPU. No file of the suite mocks a module or changes the process for the next one.
    isolate: false,
    // A safety net for a test that hangs, not a speed limit: with four files at a time on two
    // cores, a CLI walkthrough of a hundred commands may take a minute.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // expect.poll waits for a state (a page showing a vote, a server taking a lease) up to 10 s,
    // not vitest's 1 s: on a busy machine the state comes, later. It looks every 100 ms, not 50:
    // each look is a round trip to a browser or a server, on the two cores the suite shares.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', sequence: { groupOrder: 0 }, include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['test/postgres/**', ...BACKUPS] },
      },
      {
        extends: true,
        test: { name: 'backups', include: BACKUPS, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          sequence: { groupOrder: 0 },
          include: ['test/{http,webhooks,monitor,chat,e2e,postgres}/**/*.test.ts'],
          exclude: [...SQLITE_ONLY, ...POSTGRES_BACKUPS],
          env: ON_POSTGRES,
        },
      },
      {
        extends: true,
        test: { name: 'postgres-backups', include: POSTGRES_BACKUPS, sequence: { groupOrder: 1 }, env: ON_POSTGRES },
      },
    ],
  },
})
