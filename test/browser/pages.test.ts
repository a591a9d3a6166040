// The reference server's pages in a real browser (Chromium through playwright-core): /docs
// renders every operation and "try it" reaches the running server; /playground shows the 422 of
// a too-long item name at its field and a schedule's runs on the calendar as the library computes
// them; both carry the CSP, log no console error or CSP violation, and send no request beyond
// 127.0.0.1. Screenshots go to .test-artifacts/browser/ (gitignored).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPages } from '../../scripts/build-pages.js';
import { createOpenApiDocument } from '../../src/http/index.js';
import { FIELD_LIMITS } from '../../src/limits/index.js';
import { PAGE_CSP } from '../../src/reference/pages/site.js';
import { describeRecurrence } from '../../src/schedule/index.js';
import { type RandomSchedule, expectedDays, holidayOn, isWeekendDate, scheduleArbitrary } from '../reference/random-rules.js';
import { describeBrowser, launchChromium } from './browser.js';
import { type PagesServer, startPagesServer } from './server.js';

const ARTIFACTS = resolve(import.meta.dirname, '../../.test-artifacts/browser');
const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** What a page did besides rendering: console errors, CSP violations, and requests that left 127.0.0.1. */
type Watch = { errors: string[]; foreign: string[]; requests: string[] };

async function openPage(browser: Browser, url: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; watch: Watch; csp: string | undefined }> {
  const page = await browser.newPage({ viewport });
  const watch: Watch = { errors: [], foreign: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
  page.on('request', (request) => {
    watch.requests.push(request.url());
    const { protocol, hostname } = new URL(request.url());
    if (protocol !== 'data:' && hostname !== '127.0.0.1') watch.foreign.push(request.url());
  });
  // CSP violations also reach the console, but the event names the directive.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  return { page, watch, csp: response?.headers()['content-security-policy'] };
}

describeBrowser('reference server pages in Chromium', (chromiumPath) => {
  let browser: Browser;
  let server: PagesServer;
  const pagesDir = mkdtempSync(join(tmpdir(), 'payments-kit-pages-'));
  const opened: Watch[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await buildPages(pagesDir);
    server = await startPagesServer(pagesDir);
    browser = await launchChromium(chromiumPath);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(pagesDir, { recursive: true, force: true });
    // No page sent a request beyond 127.0.0.1 (every page of every test is watched).
    expect(opened.flatMap((w) => w.foreign)).toEqual([]);
  });

  it('/docs renders every operation of the OpenAPI document, with the CSP and no error', async () => {
    const { page, watch, csp } = await openPage(browser, `${server.url}/docs`);
    opened.push(watch);
    expect(csp).toBe(PAGE_CSP);
    const operations = Object.values(createOpenApiDocument().paths).flatMap((item) => Object.keys(item).filter((k) => OPERATION_METHODS.has(k)));
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBe(operations.length);
    await page.screenshot({ path: join(ARTIFACTS, 'docs.png') });
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('/docs "try it": a GET with the prefilled demo token answers 200 from the running server', async () => {
    const { page, watch } = await openPage(browser, `${server.url}/docs`);
    opened.push(watch);
    const block = page.locator('#operations-default-getAdjustment');
    await block.locator('.opblock-summary').click();
    const tryIt = block.locator('button.try-out__btn');
    if ((await tryIt.count()) > 0 && (await tryIt.textContent())?.includes('Try it out')) await tryIt.click();
    await block.locator('tr[data-param-name="accountID"] input').fill(server.ids.accountID);
    await block.locator('tr[data-param-name="adjustmentID"] input').fill(server.ids.adjustmentID);
    const answered = page.waitForResponse((r) => r.url().includes(`/adjustments/${server.ids.adjustmentID}`));
    await block.locator('button.execute').click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['authorization']).toBe('Bearer demo-all-scopes');
    await expect.poll(() => block.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('200');
    await page.screenshot({ path: join(ARTIFACTS, 'docs-try-it.png') });
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('/playground: a 151-character item name shows the 422 field error at that field', async () => {
    const { page, watch, csp } = await openPage(browser, `${server.url}/playground`);
    opened.push(watch);
    expect(csp).toBe(PAGE_CSP);
    const name = page.locator('#invoice-item-name-0');
    await name.fill('x'.repeat(FIELD_LIMITS.lineItemName.max + 1));
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#invoice-item-name-0-error').textContent()).toBe(`must be at most ${FIELD_LIMITS.lineItemName.max} characters`);
    expect(await page.locator('#invoice-result .verdict').textContent()).toBe('The API answers 422 Unprocessable Content');
    // Back to a valid name: the totals, exact.
    await name.fill('x'.repeat(FIELD_LIMITS.lineItemName.max));
    await expect.poll(() => page.locator('[data-total="total"]').textContent()).toBe('12.73 USD');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    // The request panel marks the failing line of a pasted body.
    await page.locator('#request-body').fill(JSON.stringify({ lineItems: { items: [{ name: 'y'.repeat(151), quantity: 1, basePrice: { currency: 'USD', valueDecimal: '1.00' } }] } }));
    await expect.poll(() => page.locator('#request-result mark.failing').getAttribute('data-field')).toBe('lineItems.items.[0].name');
    expect(await page.locator('#request-result .verdict').textContent()).toBe('The API answers 422 Unprocessable Content');
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('/playground: a month-end rule moved to the previous banking day, in a month with a Fed holiday', async () => {
    const { page, watch } = await openPage(browser, `${server.url}/playground`);
    opened.push(watch);
    await setSchedule(page, { rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: '2026-05-31T09:00:00-04:00', timeZone: 'America/New_York', adjustment: 'preceding', count: 2 });
    const may = page.locator('table.month[data-month="2026-05"]');
    await expect.poll(() => may.locator('caption').textContent()).toBe('May 2026');
    // May 31 2026 is a Sunday: the run is on Friday the 29th; Memorial Day is Monday the 25th.
    expect(await may.locator('td.run').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')))).toEqual(['2026-05-29']);
    expect(await may.locator('td[data-date="2026-05-29"]').textContent()).toContain('Run 09:00 (moved from 31)');
    expect(await may.locator('td[data-date="2026-05-31"]').getAttribute('class')).toContain('moved-away');
    expect(await may.locator('td.holiday').evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-date'), c.getAttribute('data-holiday')]))).toEqual([['2026-05-25', 'Memorial Day']]);
    // The rule in words, as describeRecurrence says it.
    const words = describeRecurrence({ recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: '2026-05-31T09:00:00-04:00' }, { locale: 'en', timeZone: 'America/New_York' });
    expect(await page.locator('#schedule-result .in-words').textContent()).toBe(words);
    // June 30 2026 is a Tuesday: not moved. Juneteenth (Friday the 19th) is marked.
    const june = page.locator('table.month[data-month="2026-06"]');
    expect(await june.locator('td.run').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')))).toEqual(['2026-06-30']);
    expect(await june.locator('td[data-date="2026-06-19"]').getAttribute('data-holiday')).toMatch(/^Juneteenth/);
    await page.locator('#schedule').screenshot({ path: join(ARTIFACTS, 'playground-schedule.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'playground.png'), fullPage: true });
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('/playground: the calendar shows what expandRecurrence and fedHolidays compute, for random rules', async () => {
    const { page, watch } = await openPage(browser, `${server.url}/playground`);
    opened.push(watch);
    for (const s of fc.sample(scheduleArbitrary, { numRuns: 8, seed: 20261126 })) {
      await setSchedule(page, s);
      const expected = expectedDays(s);
      const shown = await page.locator('#schedule-result td[data-date]').evaluateAll((cells) =>
        cells.map((c) => [
          c.getAttribute('data-date') ?? '',
          c.classList.contains('weekend'),
          c.getAttribute('data-holiday') ?? undefined,
          [...c.querySelectorAll('.run-mark')].map((r) => r.getAttribute('title')),
          c.classList.contains('moved-away'),
        ]),
      );
      expect(shown.length, JSON.stringify(s)).toBeGreaterThan(0);
      const facts = shown.map(([date]) => {
        const d = String(date);
        return [d, isWeekendDate(d), holidayOn(d), expected.runs.get(d) ?? [], expected.movedTo.has(d)];
      });
      expect(shown, JSON.stringify(s)).toEqual(facts);
      const words = describeRecurrence({ recurrenceRule: s.rule, start: s.start }, { locale: 'en', timeZone: s.timeZone });
      expect(await page.locator('#schedule-result .in-words').textContent(), JSON.stringify(s)).toBe(words);
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('/playground is readable and usable at phone width; every control has a label', async () => {
    const { page, watch } = await openPage(browser, `${server.url}/playground`, { width: 375, height: 812 });
    opened.push(watch);
    // Nothing wider than the screen (no sideways scrolling).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const unlabeled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea')].filter((c) => (c as HTMLInputElement).labels?.length === 0 && !c.getAttribute('aria-label')).map((c) => c.id),
    );
    expect(unlabeled).toEqual([]);
    // Keyboard: Tab from the operation select reaches the body textarea.
    await page.focus('#request-operation');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('request-body');
    await page.screenshot({ path: join(ARTIFACTS, 'playground-phone.png'), fullPage: true });
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 60_000);
});

async function setSchedule(page: Page, s: RandomSchedule): Promise<void> {
  await page.fill('#schedule-rule', s.rule);
  await page.fill('#schedule-start', s.start);
  await page.fill('#schedule-zone', s.timeZone);
  await page.fill('#schedule-count', String(s.count));
  await page.selectOption('#schedule-adjustment', s.adjustment);
}
