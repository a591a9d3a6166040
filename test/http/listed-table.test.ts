// The listed-status step reads each routed entry's statuses as a table (RoutedEntry.listed):
// it must list exactly the catalog's statuses, and nothing for a status outside them.
import { describe, expect, it } from 'vitest';
import { CATALOG_ROUTER } from '../../src/http/pipeline/route.js';
import { OPERATION_CATALOG } from '../../src/http/operations/catalog.js';

describe('RoutedEntry.listed', () => {
  it.each(OPERATION_CATALOG.map((entry) => [entry.id, entry] as const))('%s lists what the catalog lists', (_id, entry) => {
    const path = entry.path.replace(/\{[A-Za-z]+\}/g, 'p1');
    const found = CATALOG_ROUTER.match(entry.method, path);
    if (found.kind !== 'found') throw new Error(`no route for ${entry.method} ${path}`);
    const { listed, statuses } = found.entry;
    expect(listed === undefined).toBe(statuses === undefined);
    if (listed === undefined || statuses === undefined) return;
    for (let status = -1; status <= 700; status++) expect(listed[status] === 1).toBe(statuses.includes(status));
    for (const odd of [200.5, Number.NaN, -0, Infinity, 1e9]) expect(listed[odd] === 1).toBe(statuses.includes(odd));
  });
});
