// tokens create|list|revoke, and audit: API tokens with scopes instead of the admin key, and
// the log of who changed what.
import type { CommandContext } from '../context.ts'
import { AUDIT_COLUMNS, TOKEN_COLUMNS } from '../format.ts'

export interface CreateFlags { name: string; scope: string[]; expiresDays?: number }

export const tokensCommand = {
  create: async (ctx: CommandContext, _args: [], { name, scope, expiresDays }: CreateFlags) => {
    const token = await (await ctx.backend('write')).tokens.create({ name, scopes: scope, expiresInDays: expiresDays })
    const expiry = token.expires_at ? `expires ${token.expires_at}` : 'never expires'
    ctx.output.result(token, [
      `Created token #${token.id} ${token.name} (${token.scopes.join(', ')}; ${expiry}).`,
      'It is shown this once; only its hash is kept:',
      token.token,
    ].join('\n'))
  },

  list: async (ctx: CommandContext) => {
    ctx.output.table(await (await ctx.backend('read')).tokens.list(), TOKEN_COLUMNS, 'No tokens.')
  },

  revoke: async (ctx: CommandContext, [id]: [number]) => {
    await (await ctx.backend('write')).tokens.revoke(id)
    ctx.output.result({ message: 'Token revoked', tokenId: id }, `Revoked token #${id}: it is refused from now on.`)
  },
}

export async function auditCommand(ctx: CommandContext, _args: [], { limit }: { limit?: number }) {
  ctx.output.table(await (await ctx.backend('read')).audit(limit), AUDIT_COLUMNS, 'The audit log is empty.')
}
