// Webhook delivery over HTTP: one signed POST per attempt, behind the core's webhook sender port.
export { sendWebhook } from './send.ts'
export { signWebhook } from './sign.ts'
