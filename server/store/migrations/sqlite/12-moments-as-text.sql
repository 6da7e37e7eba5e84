-- every moment as ISO text, the outbox's and RSVPs' indexes as PostgreSQL's

-- Three moments were kept as milliseconds since the epoch, the others as ISO text: each is ISO
-- text now, as the store writes every moment (in the same order: ISO text sorts as time does).
-- SQLite cannot change a column's type, so the three tables are built again.
CREATE TABLE outbox_v11 (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  source TEXT NOT NULL
    CHECK (source IN ('event_rsvps', 'social_rsvps', 'contact_messages', 'lodge')),
  source_id INTEGER,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  envelope TEXT NOT NULL,
  message_id TEXT NOT NULL,
  raw BLOB NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  failed_at TEXT,
  reported_at TEXT,
  mail_order TEXT,
  written_to TEXT
);
INSERT INTO outbox_v11 SELECT id, created_at, source, source_id, kind, recipient, envelope,
  message_id, raw, status, attempts,
  strftime('%Y-%m-%dT%H:%M:%fZ', next_attempt_at / 1000.0, 'unixepoch'),
  last_error, sent_at, failed_at, reported_at, mail_order, written_to
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v11 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX outbox_source ON outbox (source, source_id);
CREATE INDEX outbox_recipient ON outbox (recipient, kind, created_at);
CREATE INDEX outbox_failed ON outbox (id) WHERE status = 'failed' AND reported_at IS NULL;

CREATE TABLE idempotency_keys_v11 (
  key TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
INSERT INTO idempotency_keys_v11 SELECT key, request_hash, status, body,
  strftime('%Y-%m-%dT%H:%M:%fZ', expires_at / 1000.0, 'unixepoch')
FROM idempotency_keys;
DROP TABLE idempotency_keys;
ALTER TABLE idempotency_keys_v11 RENAME TO idempotency_keys;
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

CREATE TABLE spent_form_tokens_v11 (
  token_hash TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
INSERT INTO spent_form_tokens_v11 SELECT token_hash,
  strftime('%Y-%m-%dT%H:%M:%fZ', expires_at / 1000.0, 'unixepoch')
FROM spent_form_tokens;
DROP TABLE spent_form_tokens;
ALTER TABLE spent_form_tokens_v11 RENAME TO spent_form_tokens;

-- The RSVPs an event's lists read are its current ones: the index holds those alone.
DROP INDEX event_rsvps_event;
CREATE INDEX event_rsvps_event ON event_rsvps (event_id) WHERE state = 'current';
