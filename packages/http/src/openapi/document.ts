// The OpenAPI 3.1 document of the whole API, served at /api/openapi.json and rendered at /docs.
// A test compares its paths with the routes the app registers, and every HTTP test checks
// the responses it gets against it.
import { API_VERSION } from '../respond.ts'
import { errorSchemas } from './errors.ts'
import { eventSchemaNames, eventSchemas } from './events.ts'
import { commonResponses } from './operation.ts'
import { gamePaths } from './paths/games.ts'
import { playPaths } from './paths/play.ts'
import { pollPaths, pollSchemas } from './paths/polls.ts'
import { queuePaths, queueSchemas } from './paths/queue.ts'
import { sessionGamePaths } from './paths/session-games.ts'
import { roomPaths, roomSchemas } from './paths/rooms.ts'
import { sessionPaths } from './paths/sessions.ts'
import { systemPaths } from './paths/system.ts'
import { tokenPaths } from './paths/tokens.ts'
import { backupPaths } from './paths/backups.ts'
import { chatPaths } from './paths/chat.ts'
import { webhookPaths } from './paths/webhooks.ts'
import { resourceSchemas } from './resources.ts'
import { webhookDeliveries } from './webhook-deliveries.ts'

const description = `The Game Picker API: a catalogue of party games, play sessions, a weighted random picker,
votes, statistics, webhooks and a live event stream.

- Bodies are JSON. Errors are \`{ "error": string }\` (a few add fields, listed per answer).
- Protected endpoints need \`Authorization: Bearer <token>\`: a login token (\`POST /api/auth/login\` exchanges the admin key for one valid 24 hours; it holds every scope) or an API token (\`gp_…\`, made with \`POST /api/tokens\`) holding the endpoint's scope, else 403 "Token lacks scope: SCOPE".
- Path ids are positive integers ("Invalid id" otherwise). Bodies over the limit (default 10 MB) get 413.
- Every response carries \`X-API-Version: ${API_VERSION}\`. Paths have no version segment.`

export function createOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Game Picker API', version: API_VERSION, description },
    tags: [
      { name: 'System' }, { name: 'Auth' }, { name: 'Games', description: 'The catalogue and its packs' },
      { name: 'Sessions' }, { name: 'Session games', description: 'One game within a session' },
      { name: 'Rooms', description: 'The room autopilot: a Jackbox room code becomes the game it runs, followed until the room ends' },
      { name: 'Play', description: 'The picker, live votes and stats' },
      { name: 'Polls', description: 'The room chooses among a few candidates, on phones and in chat' },
      { name: 'Queue', description: 'The viewer queue: viewers line up from chat, the host seats the next ones, the room shows who came' },
      { name: 'Webhooks', description: 'Registering callback URLs; what they are sent is under Webhooks at the end' },
      { name: 'Events', description: 'The live event stream' },
      { name: 'Tokens', description: 'API tokens with scopes, and the audit log' },
      { name: 'Chat', description: 'Votes from a Twitch channel\'s chat, read by the server itself' },
      { name: 'Backups', description: 'Copies of the database file, made while the server serves' },
    ],
    paths: {
      ...systemPaths, ...gamePaths, ...sessionPaths, ...sessionGamePaths, ...roomPaths, ...playPaths, ...pollPaths, ...queuePaths, ...webhookPaths,
      ...tokenPaths, ...chatPaths, ...backupPaths,
    },
    webhooks: webhookDeliveries(eventSchemaNames),
    components: {
      schemas: { ...resourceSchemas, ...pollSchemas, ...queueSchemas, ...roomSchemas, ...eventSchemas, ...errorSchemas },
      responses: commonResponses,
      headers: {
        ApiVersion: { description: `The API version, "${API_VERSION}"`, schema: { type: 'string', const: API_VERSION }, required: true },
        ContentDisposition: { description: 'attachment; filename="..."', schema: { type: 'string' }, required: true },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A login token from POST /api/auth/login (every scope), or an API token (gp_…) from POST /api/tokens (its scopes)' },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof createOpenApiDocument>
