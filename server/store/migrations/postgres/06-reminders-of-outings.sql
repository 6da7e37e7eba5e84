-- outings remind their attendees too

-- A reminder names its RSVP's kind: event and outing RSVPs are numbered apart.
ALTER TABLE reminders ADD COLUMN kind text NOT NULL DEFAULT 'event'
  CHECK (kind IN ('event', 'social'));
ALTER TABLE reminders ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE reminders DROP CONSTRAINT reminders_rsvp_id_event_date_key;
ALTER TABLE reminders ADD UNIQUE (kind, rsvp_id, event_date);
