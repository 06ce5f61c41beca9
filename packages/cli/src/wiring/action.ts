// Turns a lazily imported command function into a commander action: builds the command's
// context from the global options and closes its backend afterwards (releasing the lock).
import type { Command } from 'commander'
import { type CommandContext, createContext, type GlobalOptions } from '../context.ts'
import type { Runtime } from '../runtime.ts'

// Each command declares its own tuple of parsed arguments and its options object; commander
// hands them over untyped, so this is the one place they are `any`.
export type CommandFn = (ctx: CommandContext, args: any, options: any) => Promise<void>

export function lazyAction(runtime: Runtime, load: () => Promise<CommandFn>) {
  return async (...params: unknown[]) => {
    const command = params.at(-1) as Command
    const ctx = createContext(command.optsWithGlobals<GlobalOptions>(), runtime)
    try {
      const run = await load()
      await run(ctx, command.processedArgs, command.opts())
    } finally {
      await ctx.close()
    }
  }
}

/** Actions for a module's group of commands, e.g. `group('list')` for gamesCommand.list. */
export function lazyGroup<Group extends Record<string, CommandFn>>(runtime: Runtime, load: () => Promise<Group>) {
  return (name: keyof Group) => lazyAction(runtime, async () => (await load())[name])
}
