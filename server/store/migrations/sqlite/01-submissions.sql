-- submissions, outbox and idempotency keys

CREATE TABLE event_rsvps (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'mailed')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  masonic_title TEXT NOT NULL,
  email TEXT NOT NULL,
  attendees INTEGER NOT NULL CHECK (attendees > 0),
  dinner INTEGER NOT NULL CHECK (dinner IN (0, 1)),
  meals INTEGER NOT NULL CHECK (meals >= 0),
  meal_counts TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  sheet_recorded_at TEXT
);
CREATE INDEX event_rsvps_event ON event_rsvps (event_id);
CREATE INDEX event_rsvps_request ON event_rsvps (request_hash);

CREATE TABLE social_rsvps (
  id INTEGER PRIMARY KEY,
  outing_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'mailed')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  attendees INTEGER NOT NULL CHECK (attendees > 0),
  request_hash TEXT NOT NULL,
  sheet_recorded_at TEXT
);
CREATE INDEX social_rsvps_outing ON social_rsvps (outing_id);
CREATE INDEX social_rsvps_request ON social_rsvps (request_hash);

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'mailed')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  message TEXT NOT NULL,
  request_hash TEXT NOT NULL
);

-- Mail waiting to be sent. next_attempt_at (ms since the epoch) is when it is due; while a
-- worker sends it, it is the end of that worker's lease.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('event_rsvps', 'social_rsvps', 'contact_messages')),
  source_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  envelope TEXT NOT NULL,
  message_id TEXT NOT NULL,
  raw BLOB NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  sent_at TEXT
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_source ON outbox (source, source_id);

CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
