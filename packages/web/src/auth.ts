// The admin token, kept for this tab only (sessionStorage: no cookie, nothing that outlives the tab).
import { useEffect, useState } from 'preact/hooks'

const KEY = 'game-picker-token'
const listeners = new Set<(token: string | null) => void>()

export function getToken(): string | null {
  return sessionStorage.getItem(KEY)
}

export function setToken(token: string | null): void {
  if (token) sessionStorage.setItem(KEY, token)
  else sessionStorage.removeItem(KEY)
  for (const listener of listeners) listener(token)
}

/** True while an admin token is held; re-renders on login and logout. */
export function useIsAdmin(): boolean {
  const [token, setCurrent] = useState(getToken)
  useEffect(() => {
    listeners.add(setCurrent)
    return () => void listeners.delete(setCurrent)
  }, [])
  return token !== null
}
