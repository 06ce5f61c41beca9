// Progress of long imports, redrawn in place on a terminal's stderr; silent otherwise, so
// scripts and logs never see it.
import type { Output } from './output.ts'

export interface Progress {
  /** A step without a count ("Uploading 12 MB..."). */
  phase(text: string): void
  update(done: number, total: number): void
  done(): void
}

const REDRAW_MS = 100

export function createProgress(output: Output, label: string): Progress {
  let lastDraw = 0
  return {
    phase: (text) => output.status(text),
    update: (done, total) => {
      const now = Date.now()
      if (now - lastDraw < REDRAW_MS && done < total) return
      lastDraw = now
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100)
      output.status(`${label}: ${percent}% (${done}/${total})`)
    },
    done: () => output.status(null),
  }
}

export const describeSize = (text: string) => {
  const bytes = Buffer.byteLength(text)
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
