-- manage links

-- The hash of the token in an RSVP's manage link (the token itself is only in its mail).
ALTER TABLE event_rsvps ADD COLUMN manage_token_hash TEXT;
CREATE UNIQUE INDEX event_rsvps_manage ON event_rsvps (manage_token_hash)
  WHERE manage_token_hash IS NOT NULL;
-- A social RSVP may now be cancelled by its visitor, and has a manage link too.
ALTER TABLE social_rsvps ADD COLUMN manage_token_hash TEXT;
ALTER TABLE social_rsvps ADD COLUMN state TEXT NOT NULL DEFAULT 'current'
  CHECK (state IN ('current', 'cancelled'));
ALTER TABLE social_rsvps ADD COLUMN ended_at TEXT;
CREATE UNIQUE INDEX social_rsvps_manage ON social_rsvps (manage_token_hash)
  WHERE manage_token_hash IS NOT NULL;
