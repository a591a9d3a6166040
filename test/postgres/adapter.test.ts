import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createHandler, createStaticAuth, withStoreDeadline } from '../../src/http/index.js';
import type { Invoice } from '../../src/schemas/index.js';
import { type PostgresClient, SCHEMA_VERSION, createPostgresStore, migratePostgres } from '../../src/postgres/index.js';
import { fixtureInvoice } from '../../src/testing/index.js';
import { queryOf, statementName, takesNamedStatements } from '../../src/postgres/client.js';
import { POSTGRES_MESSAGES } from '../../src/postgres/messages.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema, usePGlite, useRealPool } from './helpers.js';

const A = 'acct-a';
const B = 'acct-b';
const INVOICE = '7f0c8f9e-0000-4000-8000-000000000001';

/** The SQL of a `query` call's first argument: a text, or node-postgres's `{ name, text, values }`. */
const textOf = (first: unknown): string => (typeof first === 'string' ? first : String((first as { text?: unknown }).text));

/** The tests every client runs: `client()` is the database of the suite. */
function adapterChecks(label: string, client: () => PostgresClient, schemas: string[], { realServer }: { realServer: boolean }) {
  const schemaFor = (tag: string) => {
    const schema = uniqueSchema(tag);
    schemas.push(schema);
    return schema;
  };

  it(`${label}: an invoice round-trips exactly: emoji, astral and NUL characters, a lone surrogate, __proto__ keys, big decimals as strings, key order`, async () => {
    const text =
      '{"invoiceID":"NULL","status":"draft","description":"💸 déjà vu 𝄞 \\u0000 nul \\ud800 lone",' +
      '"__proto__":{"polluted":true},"zeta":1,"alpha":{"constructor":"x","__proto__":[1.5,-0,1e-7]},' +
      '"totalAmount":{"currency":"USD","valueDecimal":"922337203685477580.123456789"},"paidAmount":{"currency":"USD","valueDecimal":"-0.000000001"}}';
    const invoice = JSON.parse(text) as Invoice;
    const store = await createPostgresStore({ client: client(), schema: schemaFor('json'), seed: { accounts: { [A]: { invoices: [invoice] } } } });
    const seeded = await store.getInvoice(A, 'NULL');
    expect(JSON.stringify(seeded?.invoice)).toBe(JSON.stringify(invoice));
    expect(Object.hasOwn(seeded!.invoice, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const written = await store.compareAndSetInvoice(A, invoice, seeded!.version);
    expect(written.ok).toBe(true);
    expect(JSON.stringify((await store.getInvoice(A, 'NULL'))?.invoice)).toBe(JSON.stringify(invoice));
    // Evidence and stored answers keep the same characters.
    const evidence = { evidenceID: 'ev-1', disputeID: 'dsp-1', evidenceType: 'receipt' as const, text: 'a\u0000b 💸 \udc00', createdOn: '2026-01-01T00:00:00Z' };
    const disputes = await createPostgresStore({ client: client(), schema: schemaFor('json'), seed: { accounts: { [A]: { disputes: [{ disputeID: 'dsp-1' }] } } } });
    expect((await disputes.addEvidence(A, evidence)).ok).toBe(true);
    expect(await disputes.listEvidence(A, 'dsp-1')).toEqual([evidence]);
  });

  it(`${label}: an ID PostgreSQL text cannot hold (NUL, lone surrogate) is absent and never meets another ID`, async () => {
    const replacement = fixtureInvoice('\ufffd');
    const store = await createPostgresStore({ client: client(), schema: schemaFor('ids'), seed: { accounts: { [A]: { invoices: [replacement], disputes: [{ disputeID: '\ufffd' }] } } } });
    expect(await store.getInvoice(A, '\ud800')).toBeUndefined(); // a driver would send U+FFFD
    expect(await store.getInvoice(A, 'x\u0000')).toBeUndefined();
    expect(await store.getInvoice('\ud800', '\ufffd')).toBeUndefined();
    expect((await store.getInvoice(A, '\ufffd'))?.invoice.invoiceID).toBe('\ufffd');
    expect(await store.compareAndSetInvoice(A, fixtureInvoice('\udfff'), '1')).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.getDispute(A, '\ud800')).toBeUndefined();
    expect(await store.listEvidence(A, '\u0000')).toEqual([]);
    expect(await store.hasWalletDomain(A, '\u0000')).toBe(false);
    await expect(createPostgresStore({ client: client(), schema: schemaFor('ids'), seed: { accounts: { [A]: { invoices: [fixtureInvoice('a\u0000')] } } } })).rejects.toThrow(
      /NUL character or a lone surrogate/,
    );
  });

  it(`${label}: the schema option keeps stores apart, and migration is idempotent and keeps data`, async () => {
    const one = schemaFor('s1');
    const two = schemaFor('s2');
    const first = await createPostgresStore({ client: client(), schema: one, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE, 'in one')] } } } });
    const second = await createPostgresStore({ client: client(), schema: two });
    expect(first.schema).toBe(one);
    expect(await second.getInvoice(A, INVOICE)).toBeUndefined();
    expect((await first.getInvoice(A, INVOICE))?.invoice.description).toBe('in one');
    await migratePostgres(client(), { schema: one });
    await migratePostgres(client(), { schema: one });
    expect((await first.getInvoice(A, INVOICE))?.invoice.description).toBe('in one');
    const { rows } = await client().query(`SELECT version FROM "${one}".schema_version`);
    expect(rows).toEqual([{ version: SCHEMA_VERSION }]);
  });

  it(`${label}: seeding again (a restart) inserts what is missing and keeps what requests changed`, async () => {
    const schema = schemaFor('seed');
    const seed = { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)], walletDomains: ['Shop.Example'] } } };
    const store = await createPostgresStore({ client: client(), schema, seed });
    const before = await store.getInvoice(A, INVOICE);
    const written = await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'changed'), before!.version);
    expect(written.ok).toBe(true);
    const again = await createPostgresStore({ client: client(), schema, seed: { accounts: { [A]: { ...seed.accounts[A], walletDomains: ['more.example'] } } } });
    expect(await again.getInvoice(A, INVOICE)).toEqual({ invoice: fixtureInvoice(INVOICE, 'changed'), version: written.ok ? written.version : '' });
    expect([await again.hasWalletDomain(A, 'shop.example'), await again.hasWalletDomain(A, 'MORE.example')]).toEqual([true, true]);
  });

  it(`${label}: migrate: false checks the version instead of creating tables`, async () => {
    const schema = schemaFor('nomig');
    await expect(createPostgresStore({ client: client(), schema, migrate: false })).rejects.toThrow(`the schema "${schema}" is at version 0 but this payments-kit needs ${SCHEMA_VERSION}`);
    await migratePostgres(client(), { schema });
    await client().query(`UPDATE "${schema}".schema_version SET version = version + 1`);
    await expect(createPostgresStore({ client: client(), schema, migrate: false })).rejects.toThrow('newer than this payments-kit knows');
    await expect(migratePostgres(client(), { schema })).rejects.toThrow('newer than this payments-kit knows');
    await client().query(`UPDATE "${schema}".schema_version SET version = $1`, [SCHEMA_VERSION]);
    const store = await createPostgresStore({ client: client(), schema, migrate: false });
    expect(await store.getInvoice(A, INVOICE)).toBeUndefined();
  });

  it(`${label}: outbox and idempotency records are kept per account`, async () => {
    const store = await createPostgresStore({
      client: client(),
      schema: schemaFor('acct'),
      seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] }, [B]: { invoices: [fixtureInvoice(INVOICE, 'b')] } } },
    });
    const input = { key: 'k-1', fingerprint: 'f-1', ttlMs: 60_000, lockMs: 30_000 };
    const a = await store.beginIdempotentRequest(A, input);
    const b = await store.beginIdempotentRequest(B, { ...input, fingerprint: 'f-other' });
    expect([a.state, b.state]).toEqual(['started', 'started']);
    if (a.state !== 'started' || b.state !== 'started') return;
    const answer = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"a":"\\u0000 💸"}' };
    await store.completeIdempotentRequest(B, { key: 'k-1', lockToken: a.lockToken, answer }); // A's token under B: nothing
    expect((await store.beginIdempotentRequest(A, input)).state).toBe('in-flight');
    const version = (await store.getInvoice(A, INVOICE))!.version;
    const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
    const written = await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'a2'), version, {
      effects: [{ effectID: 'eff-a', requestId: 'req-a', effect }],
      idempotency: { key: 'k-1', lockToken: a.lockToken, answer },
    });
    expect(written.ok).toBe(true);
    expect(await store.beginIdempotentRequest(A, input)).toEqual({ state: 'completed', answer });
    expect((await store.beginIdempotentRequest(B, { ...input, fingerprint: 'f-other' })).state).toBe('in-flight');
    await store.releaseIdempotentRequest(A, 'k-1', b.lockToken); // B's token under A: nothing
    expect((await store.beginIdempotentRequest(B, { ...input, fingerprint: 'f-other' })).state).toBe('in-flight');
    await store.releaseIdempotentRequest(B, 'k-1', b.lockToken);
    expect((await store.beginIdempotentRequest(B, { ...input, fingerprint: 'f-other' })).state).toBe('started');
    expect((await store.getInvoice(B, INVOICE))?.invoice.description).toBe('b');
    const claimed = await store.claimEffects({ limit: 10, leaseMs: 60_000 });
    expect(claimed.map((c) => [c.effectID, c.accountID, c.requestId, c.attempt])).toEqual([['eff-a', A, 'req-a', 1]]);
    expect(claimed[0]?.effect).toEqual(effect);
  });

  // PGlite runs inside this process, so its clock is this process's: only a server has its own.
  it.runIf(realServer)(`${label}: leases run on the database's clock, not the process's`, async () => {
    const store = await createPostgresStore({ client: client(), schema: schemaFor('clock'), seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
    await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1', { effects: [{ effectID: 'eff-1', requestId: 'r', effect }] });
    expect((await store.claimEffects({ limit: 10, leaseMs: 60_000 })).length).toBe(1);
    const later = Date.now() + 24 * 3600 * 1000; // this process believes a day has passed
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      expect(await store.claimEffects({ limit: 10, leaseMs: 60_000 })).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it(`${label}: completeEffect calls made together share one statement, and each gets its own answer`, async () => {
    const store = await createPostgresStore({ client: client(), schema: schemaFor('together'), seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
    const effects = ['c1', 'c2', 'c3', 'c4'].map((effectID) => ({ effectID, requestId: 'r', effect }));
    await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1', { effects });
    const [c1, c2, c3] = await store.claimEffects({ limit: 3, leaseMs: 60_000 });
    const spy = vi.spyOn(client() as { query: (...args: never[]) => unknown }, 'query');
    try {
      // c1 twice (the second finds it delivered), c2 with a token that is not its claim's, c3 right.
      const answers = await Promise.all([
        store.completeEffect(c1!.effectID, c1!.claimToken),
        store.completeEffect(c2!.effectID, 'not-the-token'),
        store.completeEffect(c3!.effectID, c3!.claimToken),
        store.completeEffect(c1!.effectID, c1!.claimToken),
      ]);
      expect(answers).toEqual([true, false, true, false]);
      const statements = spy.mock.calls.filter(([first]) => textOf(first).includes('AS c(effect_id, claim_token)'));
      expect(statements).toHaveLength(2); // c1, c2, c3 together; the repeated c1 after them
    } finally {
      spy.mockRestore();
    }
    expect(await store.completeEffect(c2!.effectID, c2!.claimToken)).toBe(true);
    expect((await store.outboxStats()).pending).toBe(1);
  });

  it(`${label}: the claim and the mark are named prepared statements on node-postgres only, the same name in every store of the schema`, async () => {
    const schema = schemaFor('named');
    const store = await createPostgresStore({ client: client(), schema, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
    await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1', { effects: [{ effectID: 'n1', requestId: 'r', effect }] });
    const spy = vi.spyOn(client() as { query: (...args: never[]) => unknown }, 'query');
    try {
      const [claim] = await store.claimEffects({ limit: 10, leaseMs: 60_000 });
      expect(await store.completeEffect(claim!.effectID, claim!.claimToken)).toBe(true);
      expect(await store.claimEffects({ limit: 10, leaseMs: 60_000 })).toEqual([]);
      await store.getInvoice(A, INVOICE);
      const firsts = spy.mock.calls.map(([first]) => first as unknown);
      const hot = firsts.filter((first) => /FOR UPDATE SKIP LOCKED|AS c\(effect_id, claim_token\)/.test(textOf(first)));
      expect(hot).toHaveLength(3);
      if (realServer) {
        // node-postgres: { name, text, values }; the second claim has the first one's name.
        const names = hot.map((first) => (first as { name?: unknown }).name);
        expect(names.every((name) => typeof name === 'string' && /^payments_kit_[0-9a-f]{16}$/.test(name))).toBe(true);
        expect(new Set(names).size).toBe(2);
        expect(names[2]).toBe(names[0]);
        expect((hot[0] as { values?: unknown }).values).toEqual([10, 60_000]);
      } else expect(hot.every((first) => typeof first === 'string')).toBe(true); // PGlite: plain text
      // Every other statement stays plain text.
      expect(firsts.filter((first) => !hot.includes(first)).every((first) => typeof first === 'string')).toBe(true);
      spy.mockClear();
      const other = await createPostgresStore({ client: client(), schema, migrate: false });
      await other.claimEffects({ limit: 10, leaseMs: 60_000 });
      const again = spy.mock.calls.map(([first]) => first as unknown).find((first) => textOf(first).includes('FOR UPDATE SKIP LOCKED'));
      expect(typeof again === 'string' ? again : (again as { name: string }).name).toBe(typeof hot[0] === 'string' ? hot[0] : (hot[0] as { name: string }).name);
    } finally {
      spy.mockRestore();
    }
  });

  it(`${label}: prune deletes delivered effects and expired idempotency records, and nothing pending or live`, async () => {
    const store = await createPostgresStore({ client: client(), schema: schemaFor('prune'), seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
    const effects = ['e1', 'e2', 'e3'].map((effectID) => ({ effectID, requestId: 'r', effect }));
    await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1', { effects });
    const claimed = await store.claimEffects({ limit: 2, leaseMs: 60_000 });
    for (const c of claimed) expect(await store.completeEffect(c.effectID, c.claimToken)).toBe(true);
    expect(await store.prune()).toEqual({ effects: 0, idempotencyRecords: 0 }); // delivered just now: kept a week by default
    await store.beginIdempotentRequest(A, { key: 'short', fingerprint: 'f', ttlMs: 1, lockMs: 1 });
    await store.beginIdempotentRequest(A, { key: 'long', fingerprint: 'f', ttlMs: 60_000, lockMs: 60_000 });
    await delayThen(20);
    expect(await store.prune({ deliveredOlderThanMs: 0, batchSize: 1 })).toEqual({ effects: 2, idempotencyRecords: 1 });
    const pending = await store.claimEffects({ limit: 10, leaseMs: 60_000 });
    expect(pending.map((c) => c.effectID)).toEqual(['e3']);
    expect((await store.beginIdempotentRequest(A, { key: 'long', fingerprint: 'f', ttlMs: 60_000, lockMs: 60_000 })).state).toBe('in-flight');
  });
}

const delayThen = (ms: number) => new Promise<number>((resolve) => setTimeout(() => resolve(0), ms));

describe('the PostgreSQL adapter on PGlite', () => {
  const schemas: string[] = [];
  const db = usePGlite();
  adapterChecks('PGlite', db, schemas, { realServer: false });

  it('refuses a bad schema name before sending anything, and a client without query()', async () => {
    const query = vi.fn();
    for (const schema of ['', 'Payments', '1abc', 'pg_catalog', 'a"b', 'x; DROP TABLE y', 'a'.repeat(64), 'é']) {
      await expect(createPostgresStore({ client: { query }, schema })).rejects.toThrow(TypeError);
      await expect(migratePostgres({ query }, { schema })).rejects.toThrow(/schema must be 1 to 63 characters/);
    }
    expect(query).not.toHaveBeenCalled();
    await expect(createPostgresStore({ client: {} as never })).rejects.toThrow('client must be a pg Pool');
    expect((await createPostgresStore({ client: db(), schema: 'a'.repeat(63) })).schema).toBe('a'.repeat(63));
    await dropSchemas(db(), ['a'.repeat(63)]);
  });

  it('accepts pg.Pool, pg.Client and PGlite as they are typed', () => {
    expectTypeOf<pg.Pool>().toExtend<PostgresClient>();
    expectTypeOf<pg.Client>().toExtend<PostgresClient>();
    expectTypeOf<PGlite>().toExtend<PostgresClient>();
    expectTypeOf<{ query: string }>().not.toExtend<PostgresClient>();
  });

  it('a PATCH through the handler costs 2 statements, 2 round trips, without Idempotency-Key', async () => {
    const schema = uniqueSchema('rt');
    await createPostgresStore({ client: db(), schema, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const statements: string[] = [];
    const counting = { query: (text: string, params?: unknown[]) => (statements.push(text), db().query(text, params)) };
    const store = await createPostgresStore({ client: counting, schema, migrate: false });
    statements.length = 0;
    const handler = createHandler({ store, auth: createStaticAuth({ t: { scopes: [`/accounts/${A}/invoices.write`] } }) });
    const response = await handler(
      new Request(`http://x/accounts/${A}/invoices/${INVOICE}`, {
        method: 'PATCH',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'unpaid' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(statements.map((s) => s.trim().split(/\s+/)[0])).toEqual(['SELECT', 'WITH']);
  });
});

describeRealPostgres('the PostgreSQL adapter on a real server', (url) => {
  const { pool: realPool, schemas } = useRealPool(url);
  adapterChecks('pg.Pool', realPool, schemas, { realServer: true });

  it('several migrations at once (separate connections) all succeed and leave one schema version', async () => {
    const schema = uniqueSchema('race');
    schemas.push(schema);
    const pools = Array.from({ length: 6 }, () => createPool(url, 1));
    try {
      await Promise.all(pools.map((p) => migratePostgres(p, { schema })));
      const { rows } = await realPool().query(`SELECT version FROM "${schema}".schema_version`);
      expect(rows).toEqual([{ version: SCHEMA_VERSION }]);
      const stores = await Promise.all(pools.map((p) => createPostgresStore({ client: p, schema, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } })));
      expect((await stores[5]!.getInvoice(A, INVOICE))?.version).toBe('1');
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('works on a single pg.Client (migration and seed in BEGIN/COMMIT on it)', async () => {
    const schema = uniqueSchema('client');
    schemas.push(schema);
    const single = new pg.Client({ connectionString: url });
    await single.connect();
    try {
      const store = await createPostgresStore({ client: single, schema, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
      const [x, y] = await Promise.all([
        store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1'),
        store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'y'), '1'),
      ]);
      expect([x.ok, y.ok].sort()).toEqual([false, true]);
    } finally {
      await single.end();
    }
  });

  it('prepares the claim and the mark on the server once per connection (pg.Client), and not with preparedStatements: false', async () => {
    const schema = uniqueSchema('prepared');
    schemas.push(schema);
    const single = new pg.Client({ connectionString: url });
    await single.connect();
    const prepared = async () =>
      (await single.query<{ name: string; statement: string }>(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'payments\\_kit\\_%' ORDER BY statement`)).rows;
    try {
      const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
      const plain = await createPostgresStore({ client: single, schema, preparedStatements: false, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
      await plain.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1', { effects: ['p1', 'p2'].map((effectID) => ({ effectID, requestId: 'r', effect })) });
      const [p1] = await plain.claimEffects({ limit: 1, leaseMs: 60_000 });
      expect(await plain.completeEffect(p1!.effectID, p1!.claimToken)).toBe(true);
      expect(await prepared()).toEqual([]);
      await expect(createPostgresStore({ client: single, schema, migrate: false, preparedStatements: 'no' as never })).rejects.toThrow(POSTGRES_MESSAGES.badPreparedStatements);

      const store = await createPostgresStore({ client: single, schema, migrate: false });
      const [p2] = await store.claimEffects({ limit: 1, leaseMs: 60_000 });
      expect(await store.completeEffect(p2!.effectID, p2!.claimToken)).toBe(true);
      expect(await store.claimEffects({ limit: 1, leaseMs: 60_000 })).toEqual([]); // run by name the second time
      const rows = await prepared();
      expect(rows).toHaveLength(2);
      expect(rows.map((row) => row.statement.includes('FOR UPDATE SKIP LOCKED') || row.statement.includes('AS c(effect_id, claim_token)'))).toEqual([true, true]);
    } finally {
      await single.end();
    }
  });

  it('a store call with a deadline (withStoreDeadline) prepares on the pooled connection it runs on', async () => {
    const schema = uniqueSchema('bounded');
    schemas.push(schema);
    const one = createPool(url, 1);
    try {
      const store = await createPostgresStore({ client: one, schema });
      expect(await withStoreDeadline(store, 5_000).claimEffects({ limit: 1, leaseMs: 60_000 })).toEqual([]);
      const { rows } = await one.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'payments\\_kit\\_%'`);
      expect(rows.map((row) => row.statement.includes('FOR UPDATE SKIP LOCKED'))).toEqual([true]);
    } finally {
      await one.end();
    }
  });

  it('a client that is neither node-postgres nor PGlite gets plain text, with or without a pool behind it', async () => {
    const schema = uniqueSchema('wrapped');
    schemas.push(schema);
    const calls: unknown[][] = [];
    const wrapped = { query: (text: string, params?: unknown[]) => (calls.push([text, params]), realPool().query(text, params)) };
    const store = await createPostgresStore({ client: wrapped, schema, seed: { accounts: { [A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const effect = { type: 'invoice.finalized', invoiceID: INVOICE } as never;
    await store.compareAndSetInvoice(A, fixtureInvoice(INVOICE, 'x'), '1', { effects: [{ effectID: 'w1', requestId: 'r', effect }] });
    const [claim] = await store.claimEffects({ limit: 10, leaseMs: 60_000 });
    expect(await store.completeEffect(claim!.effectID, claim!.claimToken)).toBe(true);
    expect(calls.every(([text, ...rest]) => typeof text === 'string' && rest.length === 1)).toBe(true);
  });
});

describe('named statements: which clients take them, and their names', () => {
  it('node-postgres (Pool, Client) takes them; PGlite, a bare query() and a pool-like wrapper do not', () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const single = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    expect(takesNamedStatements(pool)).toBe(true);
    expect(takesNamedStatements(single)).toBe(true);
    const query = async () => ({ rows: [] });
    expect(takesNamedStatements({ query })).toBe(false);
    expect(takesNamedStatements({ query, connect: async () => ({ query, release() {} }), totalCount: 0 } as never)).toBe(false);
    expect(takesNamedStatements({ query, transaction: async () => undefined, connect: async () => undefined, connectionParameters: {} } as never)).toBe(false);
  });

  it('a custom client with only query(text, params) is called with text and params, a name or not', async () => {
    const query = vi.fn(async () => ({ rows: [{ one: 1 }] }));
    expect(await queryOf({ query })('SELECT $1::int AS one', [1], statementName('SELECT $1::int AS one'))).toEqual([{ one: 1 }]);
    expect(query).toHaveBeenCalledWith('SELECT $1::int AS one', [1]);
  });

  it('a name is the same for the same text, in hex, and differs for another text (another schema)', () => {
    const text = 'SELECT seq FROM "payments_kit".effects';
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(text)).toMatch(/^payments_kit_[0-9a-f]{16}$/);
    expect(statementName(text)).not.toBe(statementName(text.replace('payments_kit', 'payments_kit2')));
    expect(statementName('')).toBe('payments_kit_cbf29ce484222325');
  });
});
