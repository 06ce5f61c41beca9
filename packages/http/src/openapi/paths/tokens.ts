// API tokens and the audit log.
import { pathItems } from '../operation.ts'
import { arrayOf, input, integer, messageAnd, ref, string } from '../schema.ts'

export const tokenPaths = pathItems('Tokens', {
  '/api/tokens': {
    post: {
      summary: 'Create an API token', scope: 'admin',
      description: 'The answer holds the token (`gp_…`), which is stored hashed and never shown again.',
      body: {
        schema: input({
          name: string('1 to 64 characters; the audit log names the token\'s requests "token:NAME"'),
          scopes: arrayOf(ref('Scope'), 'At least one'),
          expiresInDays: integer('1 to 3650; absent: no expiry', { minimum: 1, maximum: 3650 }),
        }, ['name', 'scopes']),
      },
      ok: { status: 201, description: 'The token, shown this once', schema: ref('CreatedApiToken') },
      errors: { 400: ['name must be 1 to 64 characters', 'scopes must be a non-empty list', 'Unknown scope: NAME',
        'expiresInDays must be an integer from 1 to 3650'] },
    },
    get: {
      summary: 'List API tokens', scope: 'admin',
      ok: { description: 'Every token that is not revoked, newest first, without the tokens themselves', schema: arrayOf(ref('ApiToken')) },
    },
  },
  '/api/tokens/{id}': {
    delete: {
      summary: 'Revoke an API token', scope: 'admin',
      description: 'Every server refuses the token from the next request on.',
      ok: { description: '"Token revoked"', schema: messageAnd() },
      errors: { 404: ['Token not found'] },
    },
  },
  '/api/audit': {
    get: {
      summary: 'Audit log', scope: 'admin',
      description: 'Every authenticated request that may change something (whatever its answer) and every failed login, kept 90 days. No bodies, keys or tokens.',
      query: {
        limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 }, description: 'How many entries' },
        before: { schema: { type: 'integer', minimum: 1 }, description: 'Only entries with a smaller id (the last id of the previous page)' },
      },
      ok: { description: 'Entries, newest first', schema: arrayOf(ref('AuditEntry')) },
      errors: { 400: ['limit must be an integer from 1 to 500', 'before must be a positive integer'] },
    },
  },
})
