// The derived counters and the catalogue version, kept by triggers as in the sqlite schema, so
// no code path (and no instance) can make them drift from the rows they count.
// PL/pgSQL ships with every PostgreSQL database: no extension, no superuser.

export const triggers = /* sql */ `
CREATE FUNCTION count_play() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE games SET play_count = play_count + 1 WHERE id = NEW.game_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE games SET play_count = play_count - 1 WHERE id = OLD.game_id;
  ELSE
    UPDATE games SET play_count = play_count + (CASE WHEN NEW.status = 'skipped' THEN -1 ELSE 1 END)
    WHERE id = NEW.game_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER play_count_on_insert AFTER INSERT ON session_games
  FOR EACH ROW WHEN (NEW.status <> 'skipped') EXECUTE FUNCTION count_play();
CREATE TRIGGER play_count_on_delete AFTER DELETE ON session_games
  FOR EACH ROW WHEN (OLD.status <> 'skipped') EXECUTE FUNCTION count_play();
CREATE TRIGGER play_count_on_status AFTER UPDATE OF status ON session_games
  FOR EACH ROW WHEN ((OLD.status = 'skipped') <> (NEW.status = 'skipped')) EXECUTE FUNCTION count_play();

CREATE FUNCTION count_vote() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vote votes;
  direction INTEGER;
BEGIN
  IF TG_OP = 'INSERT' THEN vote := NEW; direction := 1; ELSE vote := OLD; direction := -1; END IF;
  UPDATE games SET
    upvotes = upvotes + direction * (CASE WHEN vote.type = 'up' THEN 1 ELSE 0 END),
    downvotes = downvotes + direction * (CASE WHEN vote.type = 'down' THEN 1 ELSE 0 END),
    popularity_score = popularity_score + direction * (CASE WHEN vote.type = 'up' THEN 1 ELSE -1 END)
  WHERE id = vote.game_id;
  RETURN NULL;
END $$;
CREATE TRIGGER votes_on_insert AFTER INSERT ON votes FOR EACH ROW EXECUTE FUNCTION count_vote();
CREATE TRIGGER votes_on_delete AFTER DELETE ON votes FOR EACH ROW EXECUTE FUNCTION count_vote();

-- Any statement that changes games or packs (counters, cascades and imports included) bumps
-- the catalogue version in its own transaction: a cache checked against it is never stale.
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET version = version + 1 WHERE name = 'catalogue';
  RETURN NULL;
END $$;
CREATE TRIGGER games_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER packs_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON packs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
`
