// @game-picker/cli as a library: run the CLI in-process, or use its backends.
export { runCli } from './run.ts'
export { createProgram } from './program.ts'
export { createNodeRuntime, type Runtime } from './runtime.ts'
export type { Backend, Access, PickInput } from './backend.ts'
export { createLocalBackend } from './local-backend.ts'
export { createRemoteBackend } from './remote-backend.ts'
export { createRemoteClient, type RemoteClient } from './remote-client.ts'
export { openLocalCore } from './local-core.ts'
