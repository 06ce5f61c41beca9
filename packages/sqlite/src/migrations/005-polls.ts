// Schema version 5: polls. A poll's candidates are numbered from 1; a vote is one row per poll,
// voter kind and voter (a later vote moves it). History is kept: polls, candidates and votes
// stay after closing. The rules that must hold whoever writes are in the schema: one open poll
// (a partial unique index), one vote per voter, and each candidate's count kept by triggers as
// votes arrive and move (a vote reads its poll's tally without counting every vote). (Tables first: the runner prepares the first
// two statements on the old schema to tell a script from a single statement.)
export const polls = /* sql */ `
CREATE TABLE polls (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
  created_at TEXT NOT NULL,
  closes_at TEXT,
  closed_at TEXT,
  add_winner INTEGER NOT NULL DEFAULT 0 CHECK (add_winner IN (0, 1)),
  winner_number INTEGER,
  session_game_id INTEGER REFERENCES session_games (id) ON DELETE SET NULL
);

CREATE TABLE poll_candidates (
  poll_id INTEGER NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number >= 1),
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  votes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (poll_id, number)
);

CREATE TABLE poll_votes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  poll_id INTEGER NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  voter_kind TEXT NOT NULL CHECK (voter_kind IN ('phone', 'chat')),
  voter TEXT NOT NULL,
  choice INTEGER NOT NULL CHECK (choice >= 1),
  address TEXT,
  voted_at TEXT NOT NULL,
  UNIQUE (poll_id, voter_kind, voter)
);
CREATE UNIQUE INDEX polls_one_open ON polls (status) WHERE status = 'open';
CREATE INDEX polls_by_session_game ON polls (session_game_id) WHERE session_game_id IS NOT NULL;
CREATE INDEX poll_candidates_by_game ON poll_candidates (game_id);
CREATE INDEX poll_votes_by_address ON poll_votes (poll_id, address) WHERE address IS NOT NULL;
CREATE TRIGGER poll_vote_counted AFTER INSERT ON poll_votes BEGIN
  UPDATE poll_candidates SET votes = votes + 1 WHERE poll_id = NEW.poll_id AND number = NEW.choice;
END;
CREATE TRIGGER poll_vote_moved AFTER UPDATE OF choice ON poll_votes WHEN OLD.choice <> NEW.choice BEGIN
  UPDATE poll_candidates SET votes = votes + (CASE WHEN number = NEW.choice THEN 1 ELSE -1 END)
  WHERE poll_id = NEW.poll_id AND number IN (OLD.choice, NEW.choice);
END;
CREATE TRIGGER poll_vote_removed AFTER DELETE ON poll_votes BEGIN
  UPDATE poll_candidates SET votes = votes - 1 WHERE poll_id = OLD.poll_id AND number = OLD.choice;
END;
`
