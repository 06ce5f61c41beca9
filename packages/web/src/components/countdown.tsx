// The time left until `until`, ticking each second (the server closes the poll; this only shows it).
import { useEffect, useState } from 'preact/hooks'

export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000))
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
  return <p class="countdown"><span class="hint">Time left </span><span role="timer" aria-label="Time left">{text}</span></p>
}
