-- one RSVP per address, cancelled RSVPs, failed mail, spent form tokens

-- An RSVP stays on record when it is replaced (a second one from the same e-mail address)
-- or cancelled by the secretary; only current ones hold seats.
ALTER TABLE event_rsvps ADD COLUMN state TEXT NOT NULL DEFAULT 'current'
  CHECK (state IN ('current', 'replaced', 'cancelled'));
ALTER TABLE event_rsvps ADD COLUMN ended_at TEXT;
ALTER TABLE event_rsvps ADD COLUMN replaced_by INTEGER;
-- A keyed hash of the sender's network address, never the address.
ALTER TABLE event_rsvps ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
CREATE INDEX event_rsvps_email ON event_rsvps (event_id, email) WHERE state = 'current';
CREATE INDEX event_rsvps_client ON event_rsvps (event_id, client_key) WHERE state = 'current';

ALTER TABLE contact_messages ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_messages ADD COLUMN with_token INTEGER NOT NULL DEFAULT 1
  CHECK (with_token IN (0, 1));
CREATE INDEX contact_messages_client ON contact_messages (client_key, received_at);

-- The outbox learns 'failed' (refused for good) and mail of the lodge's own ('lodge': the
-- secretary's summaries), and keeps its first recipient in a column of its own.
CREATE TABLE outbox_v2 (
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
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  failed_at TEXT,
  reported_at TEXT
);
INSERT INTO outbox_v2 (id, created_at, source, source_id, kind, recipient, envelope,
  message_id, raw, status, attempts, next_attempt_at, last_error, sent_at)
SELECT id, created_at, source, source_id, kind,
  lower(COALESCE(json_extract(envelope, '$.to[0]'), '')), envelope, message_id, raw, status,
  attempts, next_attempt_at, last_error, sent_at
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v2 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_source ON outbox (source, source_id);
CREATE INDEX outbox_recipient ON outbox (recipient, kind, created_at);
CREATE INDEX outbox_failed ON outbox (status, reported_at) WHERE status = 'failed';

-- Contact form tokens already used for a message, kept until they would expire anyway.
CREATE TABLE spent_form_tokens (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
