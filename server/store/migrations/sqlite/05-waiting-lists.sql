-- waiting lists

-- A party waiting for seats of a full event, in line order (line: the entry's first id, kept
-- when the same address sends the form again). An offer holds its seats until it runs out
-- or is claimed; a claim becomes an RSVP (rsvp_id). An entry the same address sent again
-- ends, replaced_by the new one.
CREATE TABLE waitlist (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL,
  line INTEGER NOT NULL,
  received_at TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  masonic_title TEXT NOT NULL,
  email TEXT NOT NULL,
  attendees INTEGER NOT NULL CHECK (attendees > 0),
  dinner INTEGER NOT NULL CHECK (dinner IN (0, 1)),
  meals INTEGER NOT NULL CHECK (meals >= 0),
  meal_counts TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  client_key TEXT NOT NULL DEFAULT '',
  token_hash TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'offered', 'claimed', 'expired', 'left')),
  offered_at TEXT,
  offer_expires_at TEXT,
  offer_token_hash TEXT UNIQUE,
  rsvp_id INTEGER,
  replaced_by INTEGER,
  ended_at TEXT,
  erased_at TEXT
);
CREATE INDEX waitlist_line ON waitlist (event_id, line) WHERE state IN ('waiting', 'offered');
CREATE INDEX waitlist_email ON waitlist (event_id, email) WHERE state IN ('waiting', 'offered');
