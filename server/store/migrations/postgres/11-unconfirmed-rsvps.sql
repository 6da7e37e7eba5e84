-- RSVPs awaiting their visitor's confirmation

-- An RSVP past the seats its network address may hold (seatsPerAddress) is kept current,
-- so the seat counter counts its seats against the guest limit, until unconfirmed_until:
-- its visitor confirms it from the mail before then (and it is cleared), or its hold ends
-- and it is cancelled with unconfirmed_until kept, which reads as lapsed.
ALTER TABLE event_rsvps ADD COLUMN unconfirmed_until timestamptz;
-- The holds that end, as the scheduler looks for them every minute: none, nearly always.
CREATE INDEX event_rsvps_unconfirmed ON event_rsvps (unconfirmed_until) INCLUDE (event_id)
  WHERE state = 'current' AND unconfirmed_until IS NOT NULL;
-- The hash of the manage link mailed again to an address that sent the form once more:
-- it opens the RSVP beside the first link, which a stranger's form cannot make stop working.
ALTER TABLE event_rsvps ADD COLUMN resent_token_hash text;
CREATE UNIQUE INDEX event_rsvps_resent ON event_rsvps (resent_token_hash)
  WHERE resent_token_hash IS NOT NULL;
