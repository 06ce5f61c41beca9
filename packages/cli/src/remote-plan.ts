// The HTTP API has no "what would this import do" endpoint, so remote mode answers it with the
// core itself: the server's catalogue (its CSV export) loaded into a scratch in-memory core,
// then the core's own plan. It also validates the file before anything is sent.
import type { CsvImportPlan } from '@game-picker/core'
import { MEMORY, openLocalCore } from './local-core.ts'

export async function planImportAgainst(serverCsv: string, body: { csvData: string; mode: string }): Promise<CsvImportPlan> {
  const { core } = await openLocalCore({ file: MEMORY, access: 'write' })
  try {
    const hasGames = serverCsv.trim().split('\n').length > 1
    if (hasGames) await core.csv.import({ csvData: serverCsv, mode: 'append' })
    return await core.csv.plan(body)
  } finally {
    await core.close()
  }
}
