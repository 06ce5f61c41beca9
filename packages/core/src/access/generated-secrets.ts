// What the server generates for itself: an admin key or a token-signing secret, and the setting
// the signing secret is kept in (sealed, see secrets.ts).
import { randomBytes } from 'node:crypto'

export const generateSecret = () => randomBytes(24).toString('base64url')

/** The setting holding the token-signing secret. */
export const JWT_SECRET = 'jwt_secret'
