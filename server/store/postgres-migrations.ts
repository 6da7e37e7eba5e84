import type { Sql } from "postgres";

/**
 * The PostgreSQL schema, one step per version, as migrations.ts is for SQLite. A step is never
 * edited once released: a change is a new step. Version 1 is SQLite's version 2 in PostgreSQL's
 * types: moments are timestamptz, mail bodies bytea, and the idempotency keys, spent form tokens
 * and outbox are the same tables, so every instance on the database sees the same ones.
 */
export const PG_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "submissions, outbox, idempotency keys and spent form tokens",
    sql: `
      CREATE TABLE event_rsvps (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id text NOT NULL,
        received_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'mailed')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        masonic_title text NOT NULL,
        email text NOT NULL,
        attendees integer NOT NULL CHECK (attendees > 0),
        dinner boolean NOT NULL,
        meals integer NOT NULL CHECK (meals >= 0),
        meal_counts jsonb NOT NULL,
        request_hash text NOT NULL,
        sheet_recorded_at timestamptz,
        -- Only current RSVPs hold seats; a replaced or cancelled one stays on record.
        state text NOT NULL DEFAULT 'current' CHECK (state IN ('current', 'replaced', 'cancelled')),
        ended_at timestamptz,
        replaced_by integer,
        -- A keyed hash of the sender's network address, never the address.
        client_key text NOT NULL DEFAULT ''
      );
      CREATE INDEX event_rsvps_event ON event_rsvps (event_id) WHERE state = 'current';
      CREATE INDEX event_rsvps_request ON event_rsvps (request_hash);
      CREATE INDEX event_rsvps_email ON event_rsvps (event_id, email) WHERE state = 'current';
      CREATE INDEX event_rsvps_client ON event_rsvps (event_id, client_key) WHERE state = 'current';

      CREATE TABLE social_rsvps (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        outing_id text NOT NULL,
        received_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'mailed')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        attendees integer NOT NULL CHECK (attendees > 0),
        request_hash text NOT NULL,
        sheet_recorded_at timestamptz
      );
      CREATE INDEX social_rsvps_outing ON social_rsvps (outing_id);
      CREATE INDEX social_rsvps_request ON social_rsvps (request_hash);

      CREATE TABLE contact_messages (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        received_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'mailed')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone_number text NOT NULL,
        message text NOT NULL,
        request_hash text NOT NULL,
        client_key text NOT NULL DEFAULT '',
        with_token boolean NOT NULL DEFAULT true
      );
      CREATE INDEX contact_messages_client ON contact_messages (client_key, received_at);

      -- Mail waiting to be sent. next_attempt_at is when it is due; while a worker sends it, the
      -- end of that worker's lease, after which another instance takes it over.
      CREATE TABLE outbox (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at timestamptz NOT NULL,
        source text NOT NULL
          CHECK (source IN ('event_rsvps', 'social_rsvps', 'contact_messages', 'lodge')),
        source_id integer,
        kind text NOT NULL,
        recipient text NOT NULL,
        envelope jsonb NOT NULL,
        message_id text NOT NULL,
        raw bytea NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        sent_at timestamptz,
        failed_at timestamptz,
        reported_at timestamptz
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status = 'pending';
      CREATE INDEX outbox_source ON outbox (source, source_id);
      CREATE INDEX outbox_recipient ON outbox (recipient, kind, created_at);
      CREATE INDEX outbox_failed ON outbox (id) WHERE status = 'failed' AND reported_at IS NULL;

      CREATE TABLE idempotency_keys (
        key text PRIMARY KEY,
        request_hash text NOT NULL,
        status integer NOT NULL,
        body jsonb NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

      -- Contact form tokens already used for a message, kept until they would expire anyway.
      CREATE TABLE spent_form_tokens (
        token_hash text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
    `,
  },
];

/** The advisory lock that lets one instance at a time migrate; the others wait, then see it done. */
const MIGRATION_LOCK = 7_117_001;

/**
 * Brings the database to the latest schema version in one transaction, under an advisory lock so
 * that instances starting together do not both run a step; refuses a database from a newer lodge.
 */
export async function migratePostgres(sql: Sql, where: string, now: Date): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL
    )`;
    const [row] = await tx<{ version: number | null }[]>`
      SELECT MAX(version) AS version FROM schema_migrations`;
    const current = row?.version ?? 0;
    const latest = PG_MIGRATIONS.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new Error(
        `${where} has schema version ${current}, but this lodge knows versions up to ${latest}; run a newer lodge with it`,
      );
    }
    for (const step of PG_MIGRATIONS) {
      if (step.version <= current) continue;
      await tx.unsafe(step.sql);
      await tx`INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (${step.version}, ${step.name}, ${now})`;
    }
  });
}
