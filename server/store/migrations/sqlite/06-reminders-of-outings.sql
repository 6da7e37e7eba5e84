-- outings remind their attendees too

-- A reminder names its RSVP's kind: event and outing RSVPs are numbered apart.
CREATE TABLE reminders_of_kind (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('event', 'social')),
  rsvp_id INTEGER NOT NULL,
  event_date TEXT NOT NULL,
  queued_at TEXT NOT NULL,
  UNIQUE (kind, rsvp_id, event_date)
);
INSERT INTO reminders_of_kind (id, kind, rsvp_id, event_date, queued_at)
  SELECT id, 'event', rsvp_id, event_date, queued_at FROM reminders;
DROP TABLE reminders;
ALTER TABLE reminders_of_kind RENAME TO reminders;
