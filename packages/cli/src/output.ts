// The one place that prints: results go to stdout (JSON under --json, else text), notes and
// progress go to stderr so stdout stays parseable.
import type { Runtime } from './runtime.ts'
import { type Column, formatTable } from './table.ts'

export interface Output {
  readonly json: boolean
  /** The command's result: `data` as JSON under --json, else the human text. */
  result(data: unknown, human: string | (() => string)): void
  /** A list result: `rows` as JSON under --json, else an aligned table (or `empty` when there are none). */
  table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], empty: string): void
  /** Raw text to stdout (file contents such as a CSV export). */
  raw(text: string): void
  /** A status line for the person at the terminal, on stderr. */
  note(line: string): void
  /** Redraws the current stderr line (progress) on a terminal only; `null` clears it. */
  status(line: string | null): void
}

export function createOutput(runtime: Runtime, json: boolean): Output {
  const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`)
  const output: Output = {
    json,
    result: (data, human) => {
      runtime.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : line(typeof human === 'string' ? human : human()))
    },
    table: (rows, columns, empty) => {
      output.result(rows, () => (rows.length === 0 ? empty : formatTable(rows, columns)))
    },
    raw: (text) => void runtime.stdout.write(text),
    note: (text) => void runtime.stderr.write(line(text)),
    status: (text) => {
      if (!runtime.stderr.isTTY) return
      runtime.stderr.write(`\r\x1b[2K${text ?? ''}`)
    },
  }
  return output
}
