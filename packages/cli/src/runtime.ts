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
  /**
   * Resolves with the signal's name on the first SIGINT or SIGTERM (serve waits on it). Later
   * ones are ignored: the process is already stopping, and a package manager passes Ctrl-C on
   * to the process that got it from the terminal already, so a second signal is normal.
   */
  waitForShutdown(): Promise<string>
}

export function createNodeRuntime(): Runtime {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    // The listeners stay: without one, a repeated signal would kill the process while it saves
    // the database, and the stop would count as a failure (exit by signal).
    waitForShutdown: () =>
      new Promise((resolve) => {
        process.on('SIGINT', resolve)
        process.on('SIGTERM', resolve)
      }),
  }
}
