// An API failure, read out at once: the API's own `error` text.
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null
  const message = error instanceof Error ? error.message : String(error)
  return <p role="alert" class="alert">{message}</p>
}
