// What a command receives: its output, whether a person is at the terminal, and the backend
// chosen by the global options (local file or --remote URL), opened lazily with the access the
// command needs and closed after it.
import type { Access, Backend } from './backend.ts'
import { UsageError } from './cli-errors.ts'
import { createLocalBackend } from './local-backend.ts'
import { describeCreation, openLocalCore } from './local-core.ts'
import { createOutput, type Output } from './output.ts'
import type { Runtime } from './runtime.ts'

export interface GlobalOptions {
  db: string
  remote?: string
  key?: string
  json?: boolean
  secretKeyFile?: string
}

export interface CommandContext {
  readonly globals: GlobalOptions
  readonly output: Output
  /** A person can answer prompts (stdin and stdout are terminals). */
  readonly interactive: boolean
  readonly runtime: Runtime
  /** Opens the backend once; asking for 'write' after 'read' reopens a local file as the writer. */
  backend(access: Access): Promise<Backend>
  /** For commands that work on the database file itself (init, admin-key, serve). */
  assertLocal(command: string): void
  close(): Promise<void>
}

export function createContext(globals: GlobalOptions, runtime: Runtime): CommandContext {
  const output = createOutput(runtime, Boolean(globals.json))
  let opened: { backend: Backend; access: Access } | undefined

  async function open(access: Access): Promise<{ backend: Backend; access: Access }> {
    if (globals.remote) {
      // Imported on demand: local commands never load the HTTP client.
      const { openRemoteBackend } = await import('./remote-open.ts')
      return { backend: openRemoteBackend(globals.remote, globals.key), access: 'write' }
    }
    const { core, created } = await openLocalCore({ file: globals.db, access, secretKeyFile: globals.secretKeyFile })
    if (created) output.note(describeCreation(created))
    return { backend: createLocalBackend(core), access: created ? 'write' : access }
  }

  return {
    globals,
    output,
    interactive: runtime.interactive,
    runtime,
    backend: async (access) => {
      if (opened && (opened.access === 'write' || access === 'read')) return opened.backend
      const previous = opened
      opened = undefined
      await previous?.backend.close()
      opened = await open(access)
      return opened.backend
    },
    assertLocal: (command) => {
      if (globals.remote) throw new UsageError(`${command} works on the database file itself; run it without --remote.`)
    },
    close: async () => {
      const current = opened
      opened = undefined
      await current?.backend.close()
    },
  }
}
