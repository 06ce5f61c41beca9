// The key sealing the secrets (decisions of the product: webhook secrets, bot tokens, the
// token-signing secret) for every core and server a test makes: cores sharing a store or a file
// are the servers of one deployment, which share one key. The PostgreSQL run hands the text to
// the processes it starts as GAME_PICKER_SECRET_KEY (vitest.config.ts).
export const TEST_SECRET_KEY_TEXT = Buffer.alloc(32, 7).toString('base64')
export const TEST_SECRET_KEY = Buffer.from(TEST_SECRET_KEY_TEXT, 'base64')
