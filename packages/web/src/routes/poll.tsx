// /poll, for the TV: the candidates with live bars, a QR code of the address phones reach + /vote
// (see phone-url.ts), a countdown for a timed poll, "Close poll" for the admin, and the winner.
import { closePoll } from '../api.ts'
import { useIsAdmin } from '../auth.ts'
import { Countdown } from '../components/countdown.tsx'
import { ErrorAlert } from '../components/error-alert.tsx'
import { PollBars } from '../components/poll-bars.tsx'
import { QrCode } from '../components/qr-code.tsx'
import { plural } from '../format.ts'
import { useAction } from '../hooks.ts'
import { UNREACHABLE, usePhoneUrl } from '../phone-url.ts'
import { usePoll } from '../poll-state.ts'

export function PollPage() {
  const { data: poll, setData, error, setError } = usePoll()
  const isAdmin = useIsAdmin()
  const act = useAction(setError)
  const phone = usePhoneUrl('/vote')

  if (poll === undefined) return <><h1>Let the room choose</h1><ErrorAlert error={error} /></>
  if (poll === null) {
    return (
      <>
        <h1>Let the room choose</h1>
        <ErrorAlert error={error} />
        <p>No poll is open. The host opens one from the <a href="/">Pick</a> page with "Let the room choose".</p>
      </>
    )
  }
  const open = poll.status === 'open'
  return (
    <>
      <h1>{open ? 'Let the room choose' : 'The room has chosen'}</h1>
      <ErrorAlert error={error} />
      {poll.winner && (
        <section class="poll-winner" aria-labelledby="winner-title">
          <p class="hint">Winner</p>
          <h2 id="winner-title">{poll.winner.game.title}</h2>
          <p class="meta">
            <span>{poll.winner.game.pack_name}</span>
            {poll.session_game && <span>Added to session #{poll.session_game.session_id}</span>}
          </p>
        </section>
      )}
      <div class="poll-layout">
        <section class="poll-board" aria-labelledby="candidates-title">
          <h2 id="candidates-title">Candidates</h2>
          <PollBars poll={poll} label="Votes" />
          <p class="poll-total" aria-live="polite">{plural(poll.total_votes, 'vote')} in all</p>
          {open && poll.closes_at && <Countdown until={poll.closes_at} />}
          {open && isAdmin && (
            <button type="button" class="primary" onClick={() => void act(async () => setData(await closePoll(poll.id)))}>
              Close poll
            </button>
          )}
        </section>
        {open && (
          <section class="poll-join" aria-labelledby="join-title">
            <h2 id="join-title">Vote on your phone</h2>
            <ErrorAlert error={phone.error} />
            {phone.url && <QrCode text={phone.url} label={`QR code for ${phone.url}`} />}
            {phone.url && <p class="poll-url">{phone.url}</p>}
            {phone.url === null && <p class="poll-unreachable">{UNREACHABLE}</p>}
            <p class="hint">Chat votes too: type the number of your choice.</p>
          </section>
        )}
      </div>
    </>
  )
}
