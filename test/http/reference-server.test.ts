import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../src/http/index.js';
import { DEMO_IDS, type ReferenceServer, demoCurlCommands, startReferenceServer } from '../../src/reference/index.js';
import { call } from './helpers.js';
import { RawConnection, portOf, rawRequest } from './raw-http.js';

describe('reference server', () => {
  let server: ReferenceServer;
  const lines: string[] = [];
  beforeAll(async () => (server = await startReferenceServer({ port: 0, log: (l) => lines.push(l) })));
  afterAll(() => server.close());

  it('listens on 127.0.0.1 and prints tokens and curl commands', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[0]).toBe(`payments-kit reference server listening on ${server.url}`);
    expect(lines).toContain('Demo tokens:');
    for (const command of demoCurlCommands(server.url)) expect(lines).toContain(`  ${command}`);
  });

  it('serves the demo data with the demo token and logs one line per request', async () => {
    const linesBefore = lines.length;
    const base = `${server.url}/accounts/${DEMO_IDS.accountID}`;
    const auth = { authorization: 'Bearer demo-all-scopes', 'x-request-id': 'demo-1' };
    const adjustment = await call(`${base}/adjustments/${DEMO_IDS.adjustmentID}`, { headers: auth });
    expect(adjustment.status).toBe(200);
    const json = { ...auth, 'content-type': 'application/json' };
    const session = await call(`${base}/apple-pay/sessions`, { method: 'POST', headers: json, body: JSON.stringify({ domain: DEMO_IDS.walletDomain, displayName: 'Demo' }) });
    expect([session.status, (JSON.parse(session.json as string) as { domainName: string }).domainName]).toEqual([200, DEMO_IDS.walletDomain]);
    const evidence = await call(`${base}/disputes/${DEMO_IDS.disputeID}/evidence-text`, { method: 'POST', headers: json, body: JSON.stringify({ evidenceType: 'receipt', text: 'ok' }) });
    expect(evidence.status).toBe(201);
    const invoice = await call(`${base}/invoices/${DEMO_IDS.invoiceID}`, { method: 'PATCH', headers: json, body: JSON.stringify({ status: 'unpaid' }) });
    expect(invoice.status).toBe(200);
    const other = await call(`${base}/adjustments/${DEMO_IDS.adjustmentID}`, { headers: { authorization: 'Bearer demo-other-account' } });
    expect(other.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const requestLines = lines.slice(linesBefore).filter((l) => /^(GET|POST|PATCH) /.test(l));
    expect(requestLines.length).toBe(5);
    expect(requestLines[0]).toMatch(new RegExp(`^GET /accounts/${DEMO_IDS.accountID}/adjustments/${DEMO_IDS.adjustmentID} 200 \\d+\\.\\dms demo-1$`));
    expect(requestLines[4]).toMatch(/ 403 \d+\.\dms [0-9a-f-]{36}$/);
    expect(lines.some((l) => l.startsWith(`effect invoice.finalized invoice=${DEMO_IDS.invoiceID} request=demo-1`))).toBe(true);
  });

  it('answers a request Node cannot parse with a 400 that carries a request id', async () => {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
    expect(raw.endsWith(JSON.stringify({ error: HTTP_MESSAGES.unparseable }))).toBe(true);
  });

  it('runs on createNodeServer: a request without Host gets the handler’s answer, a CONNECT one too', async () => {
    const connection = await RawConnection.open(portOf(server.url));
    connection.write(rawRequest([`GET /accounts/${DEMO_IDS.accountID}/adjustments/${DEMO_IDS.adjustmentID} HTTP/1.1`, 'Authorization: Bearer demo-all-scopes']), ['GET']);
    const hostless = await connection.next();
    expect([hostless.status, hostless.headers['x-request-id']]).toEqual([200, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    connection.write(rawRequest(['CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443']), ['CONNECT']);
    const tunnel = await connection.next();
    // The Host check bridges every request to a WHATWG Request, which an authority-form target cannot form: 400.
    expect([tunnel.status, tunnel.headers['x-request-id']]).toEqual([400, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    await connection.closed;
  });
});
