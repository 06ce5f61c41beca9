// Migration 5: cached reads without a round trip (coherence.ts).
// - cache_holders: the instances that serve cached reads unchecked, each with a lease it renews
//   every second. Unlogged: a lease is worth nothing after a crash of the database (every
//   connection, and with it every holder's trust, is gone too), so renewals write no WAL.
// - A transaction that changes what the caches hold says so in a transaction-local setting,
//   which the commit reads back: the writer then tells the holders (coherence.ts). The version
//   triggers set it; the counters set it through their delta rows.
export const cacheHolders = /* sql */ `
CREATE UNLOGGED TABLE cache_holders (
  owner TEXT COLLATE "C" PRIMARY KEY,
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE FUNCTION mark_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('game_picker.cache_changed', '1', true);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET version = version + 1 WHERE name = 'catalogue';
  PERFORM set_config('game_picker.cache_changed', '1', true);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  PERFORM set_config('game_picker.cache_changed', '1', true);
  RETURN NULL;
END $$;

CREATE TRIGGER counters_changed AFTER INSERT OR UPDATE ON game_counter_deltas
  FOR EACH STATEMENT EXECUTE FUNCTION mark_cache_changed();
`

