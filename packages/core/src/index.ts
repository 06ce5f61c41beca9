// @game-picker/core: the domain and its ports. It does no I/O of its own: the store
// (@game-picker/sqlite, @game-picker/postgres) and the outside world (@game-picker/platforms)
// are handed to createCore by the application.
export { createCore, type Core, type CoreOptions } from './core.ts'
export * from './common/index.ts'
export * from './store/index.ts'
export * from './catalogue/index.ts'
export * from './sessions/index.ts'
export * from './rooms/index.ts'
export * from './picker/index.ts'
export * from './votes/index.ts'
export * from './chat/index.ts'
export * from './polls/index.ts'
export * from './queue/index.ts'
export * from './access/index.ts'
export * from './events/index.ts'
export * from './stats/index.ts'
export * from './webhooks/index.ts'
