import type { DatabaseSync } from "node:sqlite";

/**
 * The schema, one step per version. A step is never edited once released: a change is a new step,
 * so every database, however old, reaches the same schema by running the steps it lacks.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "submissions, outbox and idempotency keys",
    sql: `
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
    `,
  },
  {
    version: 2,
    name: "one RSVP per address, cancelled RSVPs, failed mail, spent form tokens",
    sql: `
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
    `,
  },
  {
    version: 3,
    name: "manage links",
    sql: `
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
      `,
  },
  {
    version: 4,
    name: "reminders sent, personal data erased on time",
    sql: `
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
    `,
  },
  {
    version: 5,
    name: "waiting lists",
    sql: `
      -- A party waiting for seats of a full event, in line order (line: the entry's first id, kept
      -- when the same address sends the form again). An offer holds its seats until it runs out
      -- or is claimed; a claim becomes an RSVP (rsvp_id). An entry the same address sent again
      -- ends, replaced_by the new one.
      CREATE TABLE waitlist (
        id INTEGER PRIMARY KEY,
        event_id TEXT NOT NULL,
        line INTEGER NOT NULL,
        received_at TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        masonic_title TEXT NOT NULL,
        email TEXT NOT NULL,
        attendees INTEGER NOT NULL CHECK (attendees > 0),
        dinner INTEGER NOT NULL CHECK (dinner IN (0, 1)),
        meals INTEGER NOT NULL CHECK (meals >= 0),
        meal_counts TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        client_key TEXT NOT NULL DEFAULT '',
        token_hash TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL DEFAULT 'waiting'
          CHECK (state IN ('waiting', 'offered', 'claimed', 'expired', 'left')),
        offered_at TEXT,
        offer_expires_at TEXT,
        offer_token_hash TEXT UNIQUE,
        rsvp_id INTEGER,
        replaced_by INTEGER,
        ended_at TEXT,
        erased_at TEXT
      );
      CREATE INDEX waitlist_line ON waitlist (event_id, line) WHERE state IN ('waiting', 'offered');
      CREATE INDEX waitlist_email ON waitlist (event_id, email) WHERE state IN ('waiting', 'offered');
    `,
  },
  {
    version: 6,
    name: "outings remind their attendees too",
    sql: `
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
    `,
  },
  {
    version: 7,
    name: "mail composed when it is sent, seats summed from an index",
    sql: `
      -- A mail queued by what it is about (JSON), composed by the mail worker from its
      -- submission when it is sent; raw stays empty until then. NULL: raw holds the message.
      ALTER TABLE outbox ADD COLUMN mail_order TEXT;

      -- The seats an event's RSVPs take, summed from the index alone (no row read per RSVP):
      -- every RSVP sums them, and an event's RSVPs run to thousands.
      CREATE INDEX event_rsvps_seats ON event_rsvps (event_id, attendees) WHERE state = 'current';
    `,
  },
  {
    version: 8,
    name: "each event's seats counted as its RSVPs change",
    sql: `
      -- The seats an event's current RSVPs take, kept by the triggers below in the very
      -- transaction that changes an RSVP, whatever changes it (an RSVP, a change, a cancel, a
      -- claimed offer, a restore): a seat check reads one row instead of summing thousands.
      CREATE TABLE event_seats (
        event_id TEXT PRIMARY KEY,
        seats INTEGER NOT NULL CHECK (seats >= 0)
      ) WITHOUT ROWID;
      INSERT INTO event_seats (event_id, seats)
        SELECT event_id, SUM(attendees) FROM event_rsvps WHERE state = 'current' GROUP BY event_id;

      CREATE TRIGGER event_seats_insert AFTER INSERT ON event_rsvps
        WHEN NEW.state = 'current'
      BEGIN
        INSERT INTO event_seats (event_id, seats) VALUES (NEW.event_id, NEW.attendees)
          ON CONFLICT (event_id) DO UPDATE SET seats = seats + excluded.seats;
      END;
      CREATE TRIGGER event_seats_update AFTER UPDATE OF event_id, attendees, state ON event_rsvps
        WHEN OLD.state = 'current' OR NEW.state = 'current'
      BEGIN
        UPDATE event_seats SET seats = seats - OLD.attendees
          WHERE OLD.state = 'current' AND event_id = OLD.event_id;
        INSERT INTO event_seats (event_id, seats)
          SELECT NEW.event_id, NEW.attendees WHERE NEW.state = 'current'
          ON CONFLICT (event_id) DO UPDATE SET seats = seats + excluded.seats;
      END;
      CREATE TRIGGER event_seats_delete AFTER DELETE ON event_rsvps
        WHEN OLD.state = 'current'
      BEGIN
        UPDATE event_seats SET seats = seats - OLD.attendees WHERE event_id = OLD.event_id;
      END;

      -- The counter replaces the sum this index served; one index fewer to write per RSVP.
      DROP INDEX event_rsvps_seats;
    `,
  },
  {
    version: 9,
    name: "seats held by offers summed from an index",
    sql: `
      -- Every RSVP counts the seats its event's open offers hold (state = 'offered'). SQLite
      -- uses a partial index only when the query's terms name its condition, and
      -- state IN ('waiting', 'offered') is not state = 'offered': the sum read the whole list,
      -- every party that ever waited for any event. This one answers it from the index alone.
      CREATE INDEX waitlist_offered ON waitlist (event_id, attendees) WHERE state = 'offered';
    `,
  },
  {
    version: 10,
    name: "the lodge a database belongs to, who cancelled an RSVP",
    sql: `
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
    `,
  },
  {
    version: 11,
    name: "RSVPs awaiting their visitor's confirmation",
    sql: `
      -- An RSVP past the seats its network address may hold (seatsPerAddress) is kept current,
      -- so the seat counter counts its seats against the guest limit, until unconfirmed_until:
      -- its visitor confirms it from the mail before then (and it is cleared), or its hold ends
      -- and it is cancelled with unconfirmed_until kept, which reads as lapsed.
      ALTER TABLE event_rsvps ADD COLUMN unconfirmed_until TEXT;
      -- The holds that end, as the scheduler looks for them every minute: none, nearly always.
      CREATE INDEX event_rsvps_unconfirmed ON event_rsvps (unconfirmed_until, event_id)
        WHERE state = 'current' AND unconfirmed_until IS NOT NULL;
      -- The hash of the manage link mailed again to an address that sent the form once more:
      -- it opens the RSVP beside the first link, which a stranger's form cannot make stop working.
      ALTER TABLE event_rsvps ADD COLUMN resent_token_hash TEXT;
      CREATE UNIQUE INDEX event_rsvps_resent ON event_rsvps (resent_token_hash)
        WHERE resent_token_hash IS NOT NULL;
    `,
  },
];

/** Brings the database to the latest schema version; refuses a database from a newer lodge. */
export function migrate(db: DatabaseSync, file: string, now: Date): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  db.exec("BEGIN IMMEDIATE");
  try {
    const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new Error(
        `${file} has schema version ${current}, but this lodge knows versions up to ${latest}; run a newer lodge with it`,
      );
    }
    const record = db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
    );
    for (const step of MIGRATIONS) {
      if (step.version <= current) continue;
      db.exec(step.sql);
      record.run(step.version, step.name, now.toISOString());
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
