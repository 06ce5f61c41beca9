// Games, packs and the CSV endpoints.
import { type Core, parseGameFilter } from '@game-picker/core'
import { download, type ApiRouter } from '../router.ts'

export function registerGameRoutes(api: ApiRouter, core: Core) {
  const catalogue = { scope: 'catalogue' } as const
  api.get('/api/games', ({ query }) =>
    core.games.list(parseGameFilter(query, ['enabled', 'playerCount', 'drawing', 'length', 'familyFriendly', 'pack'])),
  { memoized: true })
  api.post('/api/games', async (req) => core.games.create(await req.body()), { scope: 'catalogue', status: 201 })
  api.get('/api/games/packs', () => core.packs.list())
  api.get('/api/games/meta/packs', () => core.packs.meta())

  api.get('/api/games/export/csv', async () => {
    const { filename, csv } = await core.csv.export()
    return download(filename, 'text/csv; charset=utf-8', csv)
  }, catalogue)
  api.post('/api/games/import/csv', async (req) => core.csv.import(await req.body()), catalogue)

  api.patch('/api/games/packs/:name/favor', async (req) => {
    const favor_bias = await core.packs.setFavor(req.param('name'), await req.body())
    return { message: 'Pack favor bias updated', favor_bias }
  }, catalogue)
  api.patch('/api/games/packs/:name/toggle', async (req) => {
    const body = await req.body()
    const gamesAffected = await core.packs.setEnabled(req.param('name'), body)
    return { message: `Pack ${(body as { enabled: boolean }).enabled ? 'enabled' : 'disabled'}`, gamesAffected }
  }, catalogue)

  api.get('/api/games/:id', (req) => core.games.get(req.id()))
  api.put('/api/games/:id', async (req) => core.games.update(req.id(), (await req.body()) ?? {}), catalogue)
  api.delete('/api/games/:id', async (req) => {
    await core.games.remove(req.id())
    return { message: 'Game deleted successfully' }
  }, catalogue)
  api.patch('/api/games/:id/toggle', (req) => core.games.toggle(req.id()), catalogue)
  api.patch('/api/games/:id/favor', async (req) => {
    const favor_bias = await core.games.setFavor(req.id(), await req.body())
    return { message: 'Favor bias updated', favor_bias }
  }, catalogue)
}
