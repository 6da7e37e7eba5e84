-- announcements: the lodge's friends, who unsubscribed from them, addresses that bounce

-- A friend of the lodge: an address subscribed on the site to its announcements. Personal data,
-- kept here only; counted once the link in the confirmation mail is followed (confirmed_at).
-- Once he leaves (unsubscribed_at) his row keeps no address, name nor key.
CREATE TABLE friends (
  id INTEGER PRIMARY KEY,
  -- What his links (confirm, unsubscribe) name him by: random.
  friend_key TEXT UNIQUE,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  confirmed_at TEXT,
  unsubscribed_at TEXT
);
CREATE UNIQUE INDEX friends_email ON friends (email) WHERE unsubscribed_at IS NULL;

-- A member who asked for no more announcements (the summons and RSVP mail still come).
ALTER TABLE members ADD COLUMN announcements_off_at TEXT;

-- An address a mail server refused for good (5xx) an announcement to: skipped by the next.
CREATE TABLE bounces (
  address TEXT PRIMARY KEY,
  bounced_at TEXT NOT NULL,
  reason TEXT NOT NULL
);

-- An announcement, queued once: its key is what it is (a file's fingerprint and its list, or a
-- bulletin's), so a second run of the same finds it and sends what is left.
CREATE TABLE announcements (
  id INTEGER PRIMARY KEY,
  announcement_key TEXT NOT NULL UNIQUE,
  subject TEXT NOT NULL,
  audience TEXT NOT NULL CHECK (audience IN ('members', 'friends', 'all')),
  created_at TEXT NOT NULL
);
