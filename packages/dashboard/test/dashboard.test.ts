/**
 * The dashboard in a real browser (Debian's Chromium driven by playwright-core) against a real server on
 * the demo market: sign in, create a key and use it on /api/v1/cards, rotate it (the old secret dies at
 * once), revoke it, CSRF and credential separation, cards with their chart, a report of each tier.
 * Screenshots of each page go to artifacts/dashboard/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../server/src/cards/publication-deps.js';
import { publishSession } from '../../server/src/cards/publish-session.js';
import { trackOutcomes } from '../../server/src/cards/track-outcomes.js';
import { trackRecord } from '../../server/src/cards/track-record.js';
import { seedDemoMarketIfEmpty } from '../../server/src/market/store/index.js';
import { Deployment, type Instance } from '../../server/test/support/harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const SHOTS = `${ROOT}artifacts/dashboard`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NOW = new Date('2026-11-25T17:00:00Z');
const EMAIL = 'trader@example.test';
const PASSWORD = 'correct horse battery staple';

describe('the dashboard in Chromium', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let browser: Browser;
  let page: Page;

  const api = (path: string, key: string) =>
    fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

  beforeAll(async () => {
    if (!existsSync(DIST)) {
      const built = spawnSync('npm', ['run', 'build', '-w', 'packages/dashboard'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      expect(built.status).toBe(0);
    }
    if (!existsSync(CHROMIUM))
      throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install chromium`);
    mkdirSync(SHOTS, { recursive: true });
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    const deps = publicationDeps(server.platform);
    // A few earlier sessions whose outcomes are known by now, for the track record.
    for (const s of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'])
      expect(await publishSession(deps, s)).toMatchObject({ ok: true, published: true });
    expect((await trackOutcomes(deps)).recorded).toBeGreaterThan(0);
    expect(await publishSession(deps)).toMatchObject({ ok: true, published: true });
    expect((await server.platform.storage.cards.listBySession('2026-11-25')).length).toBeGreaterThan(0);
    const created = await server.platform.accounts.create({
      name: 'Acme Capital',
      email: EMAIL,
      plan_id: 'enterprise',
      password: PASSWORD,
    });
    expect(created.ok).toBe(true);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void (d.type() === 'prompt' ? d.accept('research (renamed)') : d.accept()));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses a wrong password and an unknown email with the same words, then signs in', async () => {
    await page.goto(`${base}/dashboard/api-keys`);
    const csp = (await page.request.get(`${base}/dashboard/`)).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('wrong password!!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const wrong = await page.getByRole('alert').textContent();
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(wrong);
    await shot('sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'bw_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
  });

  it('creates a key that works on /api/v1, rotates it (the old one is refused at once) and revokes it', async () => {
    await page.getByLabel('Name').fill('research');
    await page.getByRole('button', { name: 'Create key' }).click();
    const first = (await page.getByTestId('new-key').textContent()) as string;
    expect(first).toMatch(/^bw_/);
    await shot('api-keys-created');
    expect(await api('/cards', first)).toBe(200);
    expect(await api('/session', first)).toBe(200);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    // The two calls just made are counted in this hour's bar of the key's usage chart.
    await page.getByRole('button', { name: 'Usage' }).click();
    await page.getByTestId('usage-chart').locator('rect').first().waitFor();
    await expect
      .poll(() => page.getByTestId('usage-chart').locator('rect title').last().textContent())
      .toMatch(/: 2$/);
    await shot('api-keys-usage');
    await page.getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(async () => page.getByTestId('new-key').textContent()).not.toBe(first);
    const second = (await page.getByTestId('new-key').textContent()) as string;
    expect(await api('/cards', first)).toBe(401);
    expect(await api('/cards', second)).toBe(200);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('cell', { name: 'research (renamed)' }).waitFor();
    expect(await api('/cards', second)).toBe(200);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(/^revoked/).waitFor();
    expect(await api('/cards', second)).toBe(401);
    await shot('api-keys');
  });

  it('keeps the credentials apart and refuses state changes without the CSRF token', async () => {
    const noCsrf = await page.evaluate(async () => {
      const r = await fetch('/dashboard/api/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'forged' }),
      });
      return [r.status, ((await r.json()) as { code: string }).code];
    });
    expect(noCsrf).toEqual([403, 'forbidden']);
    // The session cookie opens no /api/v1 door; an API key opens no dashboard door.
    const fromBrowser = await page.evaluate(async () => (await fetch('/api/v1/cards')).status);
    expect(fromBrowser).toBe(401);
    const { key } = await server.account('enterprise');
    const dashboardWithKey = await fetch(`${base}/dashboard/api/me`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(dashboardWithKey.status).toBe(401);
  });

  it('shows the session’s cards with a chart of the selected one', async () => {
    await page.getByRole('link', { name: 'Cards' }).click();
    await page.getByRole('heading', { name: /^Cards for/ }).waitFor();
    const cards = await server.platform.storage.cards.listBySession('2026-11-25');
    expect(cards.length).toBeGreaterThan(0);
    const first = cards[0]?.payload as { thesis: string; asset: { ticker: string } };
    await page.getByRole('button', { name: first.asset.ticker, exact: true }).click();
    await page.getByText(first.thesis.slice(0, 40), { exact: false }).first().waitFor();
    await page.getByTestId('card-chart').locator('canvas').first().waitFor();
    // The chart draws its bars: the canvas is not blank.
    const painted = await page
      .getByTestId('card-chart')
      .locator('canvas')
      .first()
      .evaluate((c) => {
        // Typed by shape: the test's TypeScript settings carry no DOM library.
        const canvas = c as unknown as {
          width: number;
          height: number;
          getContext(
            kind: '2d',
          ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
        };
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
        return n;
      });
    expect(painted).toBeGreaterThan(100);
    const record = trackRecord(
      await server.platform.storage.cards.listRange('2025-11-25', '2026-11-25'),
      await server.platform.storage.cards.outcomesInRange('2025-11-25', '2026-11-25'),
    );
    expect(record.by_setup.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('track-record').locator('tbody tr').count())
      .toBe(record.by_setup.length);
    await shot('cards');
  });

  it.each(['Light', 'Medium', 'Full'])('submits a %s analysis and renders its report', async (tier) => {
    const cards = await server.platform.storage.cards.listBySession('2026-11-25');
    const ticker = (cards[0]?.payload as { asset: { ticker: string } } | undefined)?.asset.ticker ?? '';
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByLabel('Ticker').fill(ticker);
    await page.getByLabel('Tier').selectOption(tier);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.getByRole('heading', { name: `${ticker} · ${tier} report` }).waitFor({ timeout: 60_000 });
    await page.locator('[data-section="verdict"]').waitFor();
    if (tier === 'Full') await page.locator('[data-section="scenarios"]').waitFor();
    expect(page.url()).toMatch(/\/dashboard\/reports\/job_/);
    await shot(`report-${tier.toLowerCase()}`);
  });
});
