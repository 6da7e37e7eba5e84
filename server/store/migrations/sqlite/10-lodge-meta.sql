-- the lodge a database belongs to, who cancelled an RSVP

-- Facts about the database itself: 'lodge' is the lodge it belongs to (JSON: number,
-- name), so another lodge's commands refuse it.
CREATE TABLE lodge_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- Who ended a cancelled RSVP: 'visitor' (their manage link) or 'secretary' (lodge rsvps
-- cancel); NULL for those cancelled before it was kept.
ALTER TABLE event_rsvps ADD COLUMN ended_by TEXT
  CHECK (ended_by IN ('visitor', 'secretary'));
-- The folder a mail was written to as a file instead of being handed to a mail server
-- (no SMTP_URL); NULL for mail sent.
ALTER TABLE outbox ADD COLUMN written_to TEXT;
