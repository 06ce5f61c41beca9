import { describe, expect, it } from 'vitest'
import { signWebhook } from './sign.ts'

describe('signWebhook', () => {
  it('matches a vector computed independently with openssl', () => {
    // printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac whsec_test -hex
    const body = '{"event":"game.added","timestamp":"2024-01-01T00:00:00.000Z","data":{"x":1}}'
    expect(signWebhook('whsec_test', '1700000000', body)).toBe(
      'sha256=bb905a37eb060645fa91937bc13b10cb08e8b5fbae15d9a69cde861c08e88346',
    )
  })

  it('covers the timestamp, so a replayed body with a new timestamp fails', () => {
    expect(signWebhook('s', '1', '{}')).not.toBe(signWebhook('s', '2', '{}'))
  })
})
