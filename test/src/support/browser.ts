import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/**
 * Debian's Chromium (`apt-get install chromium`, .ci/run) driven by playwright-core, which never
 * downloads a browser. CHROMIUM_PATH names another binary. The launcher script /usr/bin/chromium
 * wraps the binary under /usr/lib/chromium; playwright starts the binary itself.
 */
const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const chromiumPath = (): string | null => {
  const named = process.env.CHROMIUM_PATH;
  if (named !== undefined && named !== '') return named;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
};

/** Starts headless Chromium; null (the suite skips) when none is installed, unless REQUIRE_CHROMIUM=1 (CI) where that fails. */
export const launchChromium = async (): Promise<Browser | null> => {
  const executablePath = chromiumPath();
  if (executablePath === null) {
    if (process.env.REQUIRE_CHROMIUM === '1') throw new Error('Chromium is not installed (apt-get install chromium; or CHROMIUM_PATH) but REQUIRE_CHROMIUM=1');
    return null;
  }
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
};

/** A page in a fresh context (cold cache, no storage) that records what a test asserts on. */
export interface RecordedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors, uncaught page errors, CSP violations and 4xx/5xx answers, as text. */
  readonly errors: string[];
  /** Every URL the page requested. */
  readonly requests: string[];
  /** The requested URLs not of `origin`. */
  foreign(): string[];
  close(): Promise<void>;
}

export const recordedPage = async (browser: Browser, origin: string): Promise<RecordedPage> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // A failing wait fails in seconds, not in playwright's default 30.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  // The console says "Failed to load resource" without the URL: this names it.
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`answer ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  // Requests of the page and of its workers, from the context (a service worker's too).
  context.on('request', (req) => requests.push(req.url()));
  const base = new URL(origin).origin;
  return {
    page, context, errors, requests,
    foreign: () => requests.filter((u) => !u.startsWith(`${base}/`) && u !== base && !u.startsWith('data:') && !u.startsWith('blob:')),
    close: () => context.close(),
  };
};

/** axe-core's violations of impact serious or critical on the page as it is now (axe injected through the debugger, beside the page's CSP). */
export const seriousAccessibilityViolations = async (page: Page): Promise<{ id: string; impact: string; help: string; targets: string[] }[]> => {
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate<{ id: string; impact: string; help: string; nodes: { target: string[] }[] }[]>('axe.run(document).then((r) => r.violations)');
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
};

/**
 * A screenshot of the page: into docs/screenshots/<name>.png (what the README shows) when
 * WRITE_SCREENSHOTS=1, else into the temporary directory. Answers the file written.
 */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  const dir = process.env.WRITE_SCREENSHOTS === '1' ? path.resolve(__dirname, '..', '..', '..', 'docs', 'screenshots') : path.join(os.tmpdir(), 'support-screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
};
