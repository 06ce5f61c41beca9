// Access: the admin key and JWT secret, API tokens with scopes, the failed-login limit, and the
// audit log of who changed what.
export { SCOPES, TOKEN_PREFIX, isScope, holdsScope, type TokenHolder, type CreatedToken } from './api-tokens.ts'
export type { AuditRecord } from './audit-log.ts'
export { KEY_FORM, newSecretKey, parseSecretKey, SecretKeyFormError } from './secret-box.ts'
export { hasSealedSecrets, SEALED_WITH_ANOTHER_KEY, type SecretsReset, WrongSecretKeyError } from './secrets.ts'
