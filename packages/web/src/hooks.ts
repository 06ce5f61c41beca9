// Loading a view's data and running admin actions, with the API's error kept for an alert.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

/** Loads on mount and whenever a value in `deps` changes. */
export function useRequest<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<unknown>(null)
  const loader = useRef(load)
  loader.current = load
  const reload = useCallback(async () => {
    try {
      setData(await loader.current())
      setError(null)
    } catch (failure) {
      setError(failure)
    }
  }, [])
  useEffect(() => void reload(), deps)
  return { data, setData, error, setError, reload }
}

/** Runs an action; its failure goes to `setError`, its success clears the last error. */
export function useAction(setError: (error: unknown) => void) {
  return useCallback(async (action: () => Promise<unknown>) => {
    try {
      await action()
      setError(null)
      return true
    } catch (failure) {
      setError(failure)
      return false
    }
  }, [setError])
}
