// Chat: the chat rules (what a message asks for), the chat platform port, and the connector that
// holds one platform's connection on the one server that holds its lease.
export type { ChatPlatform, ChatPlatformName, ChatServices, IncomingChatMessage, PlatformConnection, PlatformContext, PreparedConnector } from './platform.ts'
export { chatCountsOf } from './chat-connectors.ts'
export { createChatConnector, type ChatConnector, type ChatConnectorOptions } from './connector.ts'
