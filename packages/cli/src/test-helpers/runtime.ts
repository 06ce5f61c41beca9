// An in-process runtime: captures stdout/stderr so tests run the whole CLI without spawning.
import { runCli } from '../run.ts'
import type { Runtime } from '../runtime.ts'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

export async function runInProcess(argv: string[], { interactive = false } = {}): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const runtime: Runtime = {
    stdout: { write: (text: string) => void (stdout += text) },
    stderr: { write: (text: string) => void (stderr += text) },
    interactive,
    waitForShutdown: () => new Promise(() => {}),
  }
  const code = await runCli(argv, runtime)
  return { code, stdout, stderr }
}
