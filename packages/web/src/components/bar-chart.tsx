// A horizontal bar chart in SVG, one row per entry: the label above its bar, the number written
// at the bar's end. Drawn at the width it is given, so text stays readable on a phone and a TV.
import { useEffect, useRef, useState } from 'preact/hooks'

export interface Bar {
  label: string
  /** One or more segments, drawn end to end (e.g. up votes, then down votes). */
  parts: { value: number; tone: 'accent' | 'good' | 'bad' }[]
  text: string
}

const ROW = 46
const BAR = 16

function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const box = ref.current!
    const observer = new ResizeObserver(() => setWidth(box.clientWidth))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

export function BarChart({ bars, label }: { bars: Bar[]; label: string }) {
  const [ref, width] = useWidth()
  const max = Math.max(1, ...bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.value, 0)))
  // Keep room at the end of the longest bar for its number (about 8.5 px a character).
  const room = Math.max(40, width - Math.max(...bars.map((bar) => bar.text.length)) * 8.5 - 12)
  const summary = `${label}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join(', ')}`
  return (
    <div class="chart" ref={ref}>
      {width > 0 && (
        <svg width={width} height={bars.length * ROW} viewBox={`0 0 ${width} ${bars.length * ROW}`} role="img" aria-label={summary}>
          {bars.map((bar, row) => {
            let x = 0
            const y = row * ROW
            return (
              <g key={bar.label}>
                <text x={0} y={y + 16} class="chart-label">{bar.label}</text>
                {bar.parts.map((part, index) => {
                  const length = (part.value / max) * room
                  const rect = <rect key={index} x={x} y={y + 22} width={length} height={BAR} rx={3} class={`bar ${part.tone}`} />
                  x += length
                  return rect
                })}
                <text x={x + 8} y={y + 35} class="chart-value">{bar.text}</text>
              </g>
            )
          })}
        </svg>
      )}
    </div>
  )
}
