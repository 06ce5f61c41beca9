// runCli: parse, run, and turn any failure into a message on stderr (no stack) and an exit code.
import { describeError, EXIT } from './exit-codes.ts'
import { createProgram } from './program.ts'
import type { Runtime } from './runtime.ts'

export async function runCli(argv: readonly string[], runtime: Runtime): Promise<number> {
  try {
    await createProgram(runtime).parseAsync([...argv], { from: 'user' })
    return EXIT.ok
  } catch (error) {
    const report = describeError(error)
    if (report.message) {
      // Under --json a script gets the HTTP API's error body; a person gets words.
      const text = argv.includes('--json') ? JSON.stringify(report.body) : `error: ${report.message}`
      runtime.stderr.write(`${text}\n`)
    }
    return report.exitCode
  }
}
