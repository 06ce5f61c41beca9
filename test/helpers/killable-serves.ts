// For tests that kill `game-picker serve` processes (the kill -9 takeovers): a temp folder for
// their files, and a start that remembers each server, so that whatever a test leaves running
// is killed and the folder removed after the file's tests.
import { afterAll, beforeAll } from 'vitest'
import { assertCliBuilt, type CliOptions, createTempDir, type RunningServe, startServe } from './cli.ts'

export function useKillableServes() {
  const temp = createTempDir()
  const running: RunningServe[] = []
  beforeAll(assertCliBuilt)
  afterAll(async () => {
    await Promise.all(running.map((serve) => serve.stop('SIGKILL').catch(() => {})))
    temp.remove()
  })
  return {
    dir: temp.path,
    async start(options: CliOptions): Promise<RunningServe> {
      const serve = await startServe([], options)
      running.push(serve)
      return serve
    },
  }
}
