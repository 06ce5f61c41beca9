// @game-picker/http: the JSON API over @game-picker/core.
export { createApp, type AppOptions } from './app.ts'
export { startServer, type ServerOptions, type RunningServer } from './server.ts'
export { listensOnAllInterfaces, type NetworkInfo, networkUrls } from './network.ts'
export { STATUS_BY_CODE } from './errors.ts'
export { API_VERSION } from './respond.ts'
export { loadOpenApiDocument } from './openapi/load.ts'
export type { OpenApiDocument } from './openapi/document.ts'
export { listApiRoutes, type ApiRoute } from './router.ts'
