-- reminders sent, personal data erased on time

-- One reminder per RSVP and date of its event, claimed by whichever process queues it.
CREATE TABLE reminders (
  id INTEGER PRIMARY KEY,
  rsvp_id INTEGER NOT NULL,
  event_date TEXT NOT NULL,
  queued_at TEXT NOT NULL,
  UNIQUE (rsvp_id, event_date)
);

-- Names, addresses, phone and text are erased a set time after the event or message;
-- attendees and meals stay for the lodge's records, and each erasure is recorded.
ALTER TABLE event_rsvps ADD COLUMN erased_at TEXT;
ALTER TABLE social_rsvps ADD COLUMN erased_at TEXT;
ALTER TABLE contact_messages ADD COLUMN erased_at TEXT;
CREATE TABLE erasures (
  id INTEGER PRIMARY KEY,
  erased_at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('event', 'social', 'contact')),
  subject TEXT NOT NULL,
  submissions INTEGER NOT NULL,
  attendees INTEGER NOT NULL,
  meals INTEGER NOT NULL
);
