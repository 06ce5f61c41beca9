// The app shell: one view per path, the overlay on its own without the header.
import type { ComponentType } from 'preact'
import { useEffect } from 'preact/hooks'
import { SiteHeader } from './components/site-header.tsx'
import { StreamStatus } from './components/stream-status.tsx'
import { interceptLinks, usePath } from './router.ts'
import { CataloguePage } from './routes/catalogue.tsx'
import { HistoryPage } from './routes/history.tsx'
import { OverlayPage } from './routes/overlay.tsx'
import { PickPage } from './routes/pick.tsx'
import { PollPage } from './routes/poll.tsx'
import { SessionPage } from './routes/session.tsx'
import { StatsPage } from './routes/stats.tsx'
import { VotePage } from './routes/vote.tsx'

const VIEWS: Record<string, [ComponentType, string]> = {
  '/': [PickPage, 'Pick'],
  '/session': [SessionPage, 'Session'],
  '/catalogue': [CataloguePage, 'Catalogue'],
  '/stats': [StatsPage, 'Stats'],
  '/history': [HistoryPage, 'History'],
  '/poll': [PollPage, 'Poll'],
  '/vote': [VotePage, 'Vote'],
}

export function App() {
  const path = usePath()
  const [View, title] = VIEWS[path] ?? [PickPage, 'Pick']
  useEffect(() => {
    document.title = path === '/overlay' ? 'Game Picker overlay' : `${title} · Game Picker`
  }, [path, title])

  if (path === '/overlay') {
    return <><OverlayPage /><StreamStatus /></>
  }
  return (
    <div class="page" onClick={interceptLinks}>
      <SiteHeader path={path} />
      <StreamStatus />
      <main>
        <View />
      </main>
    </div>
  )
}
