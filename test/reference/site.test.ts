import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPageFiles } from '../../src/reference/pages/read-site.js';
import { PAGE_CSP, type PageSite, contentTypeOf, fillPage, pageResponse } from '../../src/reference/pages/site.js';

const dir = mkdtempSync(join(tmpdir(), 'payments-kit-site-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('page sites', () => {
  it('fills placeholders HTML-escaped and leaves unknown ones', () => {
    expect(fillPage('<a href="%URL%">%URL%</a> %OTHER% %__proto__%', { URL: `/x?a=1&b="2"<'` })).toBe(
      '<a href="/x?a=1&amp;b=&quot;2&quot;&lt;&#39;">/x?a=1&amp;b=&quot;2&quot;&lt;&#39;</a> %OTHER% %__proto__%',
    );
    expect(fillPage('%TOSTRING%', {})).toBe('%TOSTRING%');
  });

  it('reads a built page into memory and serves it with the CSP; other paths are not its business', async () => {
    mkdirSync(join(dir, 'docs/swagger-ui'), { recursive: true });
    writeFileSync(join(dir, 'docs/index.html'), '<body data-url="%OPENAPI_URL%">');
    writeFileSync(join(dir, 'docs/docs.js'), 'console.log(1)');
    writeFileSync(join(dir, 'docs/swagger-ui/LICENSE'), 'Apache');
    const page = await readPageFiles(dir, 'docs');
    const site: PageSite = { mount: '/docs', files: page?.files ?? new Map() };
    expect([...site.files.keys()].sort()).toEqual(['docs.js', 'index.html', 'swagger-ui/LICENSE']);
    const response = pageResponse(site, site.mount, 'GET', '/docs/');
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(response?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response?.text()).toBe('<body data-url="%OPENAPI_URL%">');
    // Without the slash: a redirect to it, relative, so that the page's relative URLs resolve below it under any mount.
    const bare = pageResponse(site, site.mount, 'GET', '/docs');
    expect([bare?.status, bare?.headers.get('location'), bare?.headers.get('content-security-policy')]).toEqual([308, 'docs/', PAGE_CSP]);
    const script = pageResponse(site, site.mount, 'HEAD', '/docs/docs.js');
    expect([script?.status, script?.headers.get('content-type'), script?.headers.get('content-length'), await script?.text()]).toEqual([200, 'text/javascript; charset=utf-8', '14', '']);
    expect(pageResponse(site, site.mount, 'GET', '/docs/swagger-ui/LICENSE')?.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const post = pageResponse(site, site.mount, 'POST', '/docs/');
    expect([post?.status, post?.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    for (const other of ['/docsx', '/doc', '/docs/missing.js', '/docs/../openapi.json', '/', '/docs/__proto__']) expect(pageResponse(site, site.mount, 'GET', other)).toBeUndefined();
    expect(await readPageFiles(dir, 'playground')).toBeUndefined();
  });

  it('the CSP allows nothing inline and nothing from elsewhere', () => {
    expect(PAGE_CSP).toContain("default-src 'self'");
    expect(PAGE_CSP).toContain("script-src 'self'");
    expect(PAGE_CSP).not.toMatch(/unsafe-(eval|inline)|https?:|\*/);
    expect([contentTypeOf('a.css'), contentTypeOf('a.png'), contentTypeOf('NOTICE')]).toEqual(['text/css; charset=utf-8', 'image/png', 'text/plain; charset=utf-8']);
  });
});
