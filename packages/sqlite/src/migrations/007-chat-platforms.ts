// Schema version 7: a chat connector per platform (Twitch chat, Discord, YouTube Live chat), so
// several chats of a multistream can be read at once. The one Twitch row moves over as it was;
// each platform keeps its own settings (JSON) and, for platforms that need one, the bot token or
// API key (never returned by the API). The ids of counted messages are now `platform:id`.
export const chatPlatforms = /* sql */ `
CREATE TABLE chat_connectors (
  platform TEXT PRIMARY KEY,
  channel TEXT NOT NULL,
  state TEXT NOT NULL,
  since TEXT NOT NULL,
  up INTEGER NOT NULL DEFAULT 0,
  down INTEGER NOT NULL DEFAULT 0,
  poll INTEGER NOT NULL DEFAULT 0,
  ignored INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  lease_until TEXT,
  settings TEXT NOT NULL DEFAULT '{}',
  secret TEXT
);
INSERT INTO chat_connectors (platform, channel, state, since, up, down, poll, ignored, owner, lease_until)
  SELECT 'twitch', channel, state, since, up, down, poll, ignored, owner, lease_until FROM chat_connector;
DROP TABLE chat_connector;
UPDATE chat_seen_messages SET message_id = 'twitch:' || message_id;
`
