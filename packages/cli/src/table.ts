// A small aligned-table formatter: no dependency needed for padded columns.

export type Cell = string | number | boolean | null | undefined

export interface Column<Row> {
  header: string
  value: (row: Row) => Cell
  /** Numbers align right by default, everything else left. */
  align?: 'left' | 'right'
}

const show = (cell: Cell): string => (cell === null || cell === undefined || cell === '' ? '-' : String(cell))

export function formatTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)))
  const texts = cells.map((line) => line.map(show))
  const widths = columns.map((column, i) => Math.max(column.header.length, ...texts.map((line) => line[i].length)))
  const alignRight = columns.map((column, i) =>
    column.align ? column.align === 'right' : cells.some((line) => typeof line[i] === 'number') && cells.every((line) => typeof line[i] === 'number' || line[i] == null))
  const render = (line: string[]) =>
    line.map((text, i) => (alignRight[i] ? text.padStart(widths[i]) : text.padEnd(widths[i]))).join('  ').trimEnd()
  return [render(columns.map((column) => column.header)), ...texts.map(render)].join('\n')
}

/** `label: value` lines with the values aligned, for one record (`games show`). */
export function formatFields(pairs: readonly (readonly [string, Cell])[]): string {
  const width = Math.max(...pairs.map(([label]) => label.length))
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width + 1)}  ${show(value)}`).join('\n')
}
