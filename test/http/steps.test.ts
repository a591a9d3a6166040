// The request's steps: the order the code runs them in is the order the docs list, and a step
// that reads what an earlier one found refuses to run without it (answered 500, never a pass).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTED_STEPS } from '../../src/http/pipeline/steps.js';
import { checkScope } from '../../src/http/pipeline/scope.js';
import { createHandler } from '../../src/http/index.js';
import { A, INVOICE_ID, bearer, testOptions } from './helpers.js';

const FILES_IN_ORDER = ['authenticate.ts', 'scope.ts', 'rate-limit.ts', 'version.ts', 'operation.ts'];

/** The position of each file's first mention in `text`. */
const order = (text: string) => FILES_IN_ORDER.map((file) => text.indexOf(`${file}\``)).filter((at) => at >= 0);

describe('the steps of a routed request', () => {
  it('run in the order the pipeline README and docs/architecture.md list them', () => {
    expect(ROUTED_STEPS.map((step) => step.name)).toEqual(['authenticate', 'checkScope', 'rateLimit', 'checkVersion', 'runOperation']);
    for (const doc of ['src/http/pipeline/README.md', 'docs/architecture.md']) {
      const positions = order(readFileSync(doc, 'utf8'));
      expect(positions, doc).toHaveLength(FILES_IN_ORDER.length);
      expect(positions, doc).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('the scope step refuses to run before authentication', () => {
    const entry = { id: 'updateInvoice', scope: '/accounts/{accountID}/invoices.write' };
    expect(() => checkScope({ entry, accountID: A, implementation: undefined, grant: undefined } as never)).toThrow(/after the authentication step/);
  });

  it('401 comes before 403, 403 before the version check, the version check before the body', async () => {
    const handler = createHandler(testOptions());
    const patch = (headers: Record<string, string>) =>
      handler(new Request(`http://x/accounts/${A}/invoices/${INVOICE_ID}`, { method: 'PATCH', headers: { 'content-type': 'text/plain', 'x-service-version': 'v2024.1.0', ...headers }, body: '{' }));
    expect((await patch({})).status).toBe(401);
    expect((await patch(bearer('readOnly'))).status).toBe(403);
    const versionRefused = await patch(bearer('all'));
    expect(versionRefused.status).toBe(400);
    expect(await versionRefused.text()).toMatch(/X-Service-Version/i);
  });
});
