// Where the built app lives, so a server can serve it without knowing this package's layout.
import { fileURLToPath } from 'node:url'

export const webAppDir = fileURLToPath(new URL('./dist/', import.meta.url))
