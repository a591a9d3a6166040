// Chromium for the browser suites: Debian's package (`apt-get install chromium`, /usr/bin/chromium),
// or the binary PAYMENTS_KIT_CHROMIUM names (.ci/run sets it). Without one the suites skip locally
// and FAIL under CI=true, like the suites that need PostgreSQL or Redis.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { describe, it } from 'vitest';

/** Chromium's path: PAYMENTS_KIT_CHROMIUM, else Debian's /usr/bin/chromium when installed. */
export const CHROMIUM = process.env.PAYMENTS_KIT_CHROMIUM || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const IN_CI = process.env.CI === 'true';

/** The flags of the issue: headless, no sandbox (containers), and nothing that calls home. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** `describe` for suites that drive Chromium: skipped (saying why) without it locally, failing without it under CI=true. */
export function describeBrowser(name: string, body: (chromiumPath: string) => void): void {
  if (CHROMIUM !== undefined && existsSync(CHROMIUM)) describe(name, () => body(CHROMIUM));
  else if (IN_CI) describe(name, () => it('has Chromium (PAYMENTS_KIT_CHROMIUM)', () => { throw new Error('Chromium is missing, but CI=true: .ci/run installs it (apt-get install chromium) and sets PAYMENTS_KIT_CHROMIUM'); }));
  else describe.skip(`${name} [skipped: no Chromium; apt-get install chromium, or set PAYMENTS_KIT_CHROMIUM]`, () => body(''));
}

/** Launches Chromium with {@link CHROMIUM_ARGS}. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, timeout: 60_000 });
}
