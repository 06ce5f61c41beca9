// Admin login: the key buys a token for this tab; a held token is checked once on load.
import { useEffect, useState } from 'preact/hooks'
import { logIn, verifyToken } from '../api.ts'
import { getToken, setToken, useIsAdmin } from '../auth.ts'
import { ErrorAlert } from './error-alert.tsx'

export function AdminLogin() {
  const isAdmin = useIsAdmin()
  const [open, setOpen] = useState(false)
  const [key, setKey] = useState('')
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    if (getToken()) verifyToken().catch(setError)
  }, [])

  const submit = async (event: Event) => {
    event.preventDefault()
    try {
      setToken((await logIn(key)).token)
      setError(null)
      setOpen(false)
      setKey('')
    } catch (failure) {
      setError(failure)
    }
  }

  if (isAdmin) {
    return <div class="admin"><button type="button" onClick={() => setToken(null)}>Log out</button></div>
  }
  return (
    <div class="admin">
      {open ? (
        <form class="login" onSubmit={submit}>
          <label>
            Admin key
            <input type="password" autocomplete="current-password" required value={key}
              onInput={(event) => setKey(event.currentTarget.value)} ref={(input) => input?.focus()} />
          </label>
          <button type="submit">Log in</button>
        </form>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>Admin login</button>
      )}
      <ErrorAlert error={error} />
    </div>
  )
}
