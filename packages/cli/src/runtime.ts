// What the CLI needs from the process, gathered in one object so commands never touch
// `process` directly and tests can run the whole program in-process.

export interface OutputStream {
  write(text: string): unknown
  isTTY?: boolean
}

export interface Runtime {
  stdout: OutputStream
  stderr: OutputStream
  /** A person is there to answer prompts: stdin and stdout are both terminals. */
  interactive: boolean
  /** Resolves with the signal's name on the first SIGINT or SIGTERM (serve waits on it). */
  waitForShutdown(): Promise<string>
}

export function createNodeRuntime(): Runtime {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    waitForShutdown: () =>
      new Promise((resolve) => {
        const onSignal = (signal: string) => {
          process.off('SIGINT', onSignal)
          process.off('SIGTERM', onSignal)
          resolve(signal)
        }
        process.on('SIGINT', onSignal)
        process.on('SIGTERM', onSignal)
      }),
  }
}
