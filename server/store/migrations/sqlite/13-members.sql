-- the members' roll, their answers to the summons, the summons' and the caterer's mail

-- A member of the roll: personal data, kept here only. Once removed (lodge members remove) his
-- row keeps no number, name, address, phone, dietary needs nor key: only that he was, for the
-- answers he gave, which stay counted.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  -- What his answer links name him by: random, never his number.
  member_key TEXT UNIQUE,
  number TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  title TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  degree TEXT NOT NULL CHECK (degree IN ('entered-apprentice', 'fellowcraft', 'master-mason')),
  status TEXT NOT NULL,
  dietary TEXT NOT NULL,
  added_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  removed_at TEXT
);
CREATE UNIQUE INDEX members_number ON members (number) WHERE removed_at IS NULL;

-- A member's answer to an event's summons, one per member and event. Attending or dining, it
-- holds his seat as an RSVP does (rsvp_id), or his place on the waiting list (waitlist_id).
CREATE TABLE member_answers (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  answer TEXT NOT NULL CHECK (answer IN ('attending', 'dining', 'apologies')),
  meal TEXT NOT NULL,
  rsvp_id INTEGER,
  waitlist_id INTEGER,
  answered_at TEXT NOT NULL,
  UNIQUE (member_id, event_id)
);
CREATE INDEX member_answers_event ON member_answers (event_id);

-- The member whose answer an RSVP or a waiting-list entry is: it counts against no network
-- address, and his answers find it.
ALTER TABLE event_rsvps ADD COLUMN member_id INTEGER;
ALTER TABLE waitlist ADD COLUMN member_id INTEGER;

-- Each summons and chaser, once per member and event, whichever instance sends it.
CREATE TABLE summonses (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('summons', 'chaser')),
  event_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  sent_at TEXT NOT NULL,
  UNIQUE (kind, event_id, member_id)
);

-- The caterer's sheet and revised numbers, once per event: when, and the numbers (no names).
CREATE TABLE caterer_mail (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('sheet', 'revised')),
  event_id TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  numbers TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  UNIQUE (kind, event_id)
);
