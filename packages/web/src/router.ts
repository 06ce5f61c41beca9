// Client-side navigation: the path decides the view; links inside the app change it without a
// page load. `/session/` and `/session` are the same view.
import { useEffect, useState } from 'preact/hooks'

const listeners = new Set<(path: string) => void>()

export function currentPath(): string {
  const path = location.pathname.replace(/\/+$/, '')
  return path === '' ? '/' : path
}

export function navigate(path: string): void {
  if (path === location.pathname) return
  history.pushState(null, '', path)
  for (const listener of listeners) listener(currentPath())
}

export function usePath(): string {
  const [path, setPath] = useState(currentPath)
  useEffect(() => {
    const onPop = () => setPath(currentPath())
    listeners.add(setPath)
    addEventListener('popstate', onPop)
    return () => {
      listeners.delete(setPath)
      removeEventListener('popstate', onPop)
    }
  }, [])
  return path
}

/** A same-origin link click (no modifier keys) becomes an in-app navigation. */
export function interceptLinks(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = (event.target as Element).closest('a')
  if (!link || link.target || link.origin !== location.origin) return
  event.preventDefault()
  navigate(link.pathname)
}
