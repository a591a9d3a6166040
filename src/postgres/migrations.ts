/**
 * The schema's migrations, in order, as plain SQL. `s` is the quoted schema name (checked by
 * `quoteSchemaName`). A migration is never edited once released: a change is a new entry.
 *
 * Documents are `json`, not `jsonb`: `json` keeps the text exactly (key order, and the `\u0000`
 * escape that `jsonb` refuses although the schemas accept NUL in text; see docs/decisions/0257-documents-are-json-columns-not-jsonb.md).
 * Nothing queries inside a document.
 */
export type Migration = { readonly version: number; readonly statements: (s: string) => readonly string[] };

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: (s) => [
      `CREATE TABLE ${s}.invoices (
        account_id text NOT NULL,
        invoice_id text NOT NULL,
        version bigint NOT NULL DEFAULT 1 CHECK (version > 0),
        document json NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, invoice_id)
      )`,
      `CREATE TABLE ${s}.schedules (
        account_id text NOT NULL,
        schedule_id text NOT NULL,
        document json NOT NULL,
        PRIMARY KEY (account_id, schedule_id)
      )`,
      `CREATE TABLE ${s}.adjustments (
        account_id text NOT NULL,
        adjustment_id text NOT NULL,
        document json NOT NULL,
        PRIMARY KEY (account_id, adjustment_id)
      )`,
      `CREATE TABLE ${s}.disputes (
        account_id text NOT NULL,
        dispute_id text NOT NULL,
        status text,
        PRIMARY KEY (account_id, dispute_id)
      )`,
      `CREATE TABLE ${s}.evidence (
        account_id text NOT NULL,
        dispute_id text NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        document json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, dispute_id, seq),
        FOREIGN KEY (account_id, dispute_id) REFERENCES ${s}.disputes (account_id, dispute_id)
      )`,
      `CREATE TABLE ${s}.wallet_domains (
        account_id text NOT NULL,
        domain text NOT NULL,
        PRIMARY KEY (account_id, domain)
      )`,
      `CREATE TABLE ${s}.effects (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        effect_id text NOT NULL UNIQUE,
        account_id text NOT NULL,
        request_id text NOT NULL,
        effect json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        available_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        claim_token text,
        delivered_at timestamptz,
        last_error text
      )`,
      `CREATE INDEX effects_pending ON ${s}.effects (seq) WHERE delivered_at IS NULL`,
      `CREATE INDEX effects_delivered ON ${s}.effects (delivered_at) WHERE delivered_at IS NOT NULL`,
      `CREATE TABLE ${s}.idempotency_keys (
        account_id text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        lock_token text,
        locked_until timestamptz,
        ttl_ms double precision NOT NULL,
        expires_at timestamptz NOT NULL,
        status integer,
        headers json,
        body json,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, key)
      )`,
      `CREATE INDEX idempotency_keys_expiry ON ${s}.idempotency_keys (expires_at)`,
    ],
  },
  {
    // Dead letters: an effect that failed `maxAttempts` times is dead (never claimed,
    // never pruned) until a redrive. The claim's index leaves dead rows out; dead rows get their
    // own small index, so that stats and the dead list never read delivered rows.
    version: 2,
    statements: (s) => [
      `ALTER TABLE ${s}.effects ADD COLUMN dead_at timestamptz, ADD COLUMN last_error_at timestamptz`,
      `DROP INDEX IF EXISTS ${s}.effects_pending`,
      `CREATE INDEX effects_due ON ${s}.effects (seq) WHERE delivered_at IS NULL AND dead_at IS NULL`,
      `CREATE INDEX effects_dead ON ${s}.effects (seq) WHERE dead_at IS NOT NULL`,
    ],
  },
  {
    // The writing request's trace context (the propagator's headers as JSON text), so that a
    // delivery joins the request's trace; NULL for an untraced request.
    version: 3,
    statements: (s) => [`ALTER TABLE ${s}.effects ADD COLUMN trace_context text`],
  },
];

/** The schema version this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
