// Migration 9: a chat connector per platform (Twitch chat, Discord, YouTube Live chat), so the
// chats of a multistream are read at once. The Twitch row moves over as it was; each platform
// keeps its own settings (JSON text) and, where it needs one, its bot token or API key (never
// returned by the API). Counted message ids become `platform:id`.
export const chatPlatforms = /* sql */ `
CREATE TABLE chat_connectors (
  platform TEXT COLLATE "C" PRIMARY KEY,
  channel TEXT COLLATE "C" NOT NULL,
  state TEXT COLLATE "C" NOT NULL,
  since TEXT COLLATE "C" NOT NULL,
  up BIGINT NOT NULL DEFAULT 0,
  down BIGINT NOT NULL DEFAULT 0,
  poll BIGINT NOT NULL DEFAULT 0,
  ignored BIGINT NOT NULL DEFAULT 0,
  owner TEXT COLLATE "C",
  lease_until TEXT COLLATE "C",
  settings TEXT COLLATE "C" NOT NULL DEFAULT '{}',
  secret TEXT COLLATE "C"
);
INSERT INTO chat_connectors (platform, channel, state, since, up, down, poll, ignored, owner, lease_until)
  SELECT 'twitch', channel, state, since, up, down, poll, ignored, owner, lease_until FROM chat_connector;
DROP TABLE chat_connector;
UPDATE chat_seen_messages SET message_id = 'twitch:' || message_id;
`
