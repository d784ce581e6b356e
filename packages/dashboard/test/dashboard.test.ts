import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../server/src/cards/publication-deps.js';
import { publishSession } from '../../server/src/cards/publish-session.js';
import { trackOutcomes } from '../../server/src/cards/track-outcomes.js';
import { trackRecord } from '../../server/src/cards/track-record.js';
import { seedDemoMarketIfEmpty } from '../../server/src/market/store/index.js';
import { Deployment, type Instance } from '../../server/test/support/harness.js';
import { publishOnTime } from '../../server/test/support/publish-on-time.js';
import { launchBrowser, SHOTS } from './support/browser.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const EMAIL = 'trader@example.test';
const PASSWORD = 'correct horse battery staple';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Non-transparent pixels of the first canvas under `box`: a chart that drew its bars is not blank. */
function paintedPixels(box: Locator): Promise<number> {
  return box
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
}

describe('the dashboard in Chromium', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let browser: Browser;
  let page: Page;
  /** Console errors and uncaught exceptions of the page (a CSP violation shows up here). */
  const problems: string[] = [];

  const api = (path: string, key: string) =>
    fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    // The market filter off: these sessions were chosen when the demo had no market series; with SYNX as
    // its market (ADR 0081) the filter drops their cards, and the track record needs some.
    const pub = publicationDeps(server.platform);
    const deps = { ...pub, cards: { ...pub.cards, marketFilter: false } };
    // A few earlier sessions whose outcomes are known by now, for the track record.
    for (const s of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'])
      expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
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
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void (d.type() === 'prompt' ? d.accept('research (renamed)') : d.accept()));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // Refused calls the tests make on purpose (401, 403…) log "Failed to load resource"; anything else counts.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`console: ${m.text()}`);
    });
    // A file the page itself asks for (an asset, the icon) is never missing; refused API calls are tests'.
    page.on('response', (r) => {
      if (r.status() === 404 && !new URL(r.url()).pathname.includes('/api/'))
        problems.push(`404: ${r.url()}`);
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await deployment?.destroy();
  }, 60_000);

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
    expect(await api('/cards/ledger', first)).toBe(200);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    // The two calls just made are counted in this hour's bar of the key's usage chart.
    await page.getByRole('button', { name: 'Usage', exact: true }).click();
    const chart = page.getByTestId('usage-chart');
    const thisHour = chart.locator('g[data-window]').last().locator('title');
    await expect.poll(() => thisHour.textContent()).toMatch(/: 2 counted, 0 refused with 429/);
    // Fifteen at once on top of those two: the burst limit (10 per second) refuses some with 429; the
    // chart counts each of them beside the admitted ones after a refresh, in text as well as in bars.
    const statuses = await Promise.all(Array.from({ length: 15 }, () => api('/cards', first)));
    const refused = statuses.filter((c) => c === 429).length;
    const admitted = statuses.filter((c) => c === 200).length;
    expect(refused).toBeGreaterThanOrEqual(5);
    expect(refused + admitted).toBe(15);
    await chart.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => chart.getByTestId('refused-total').textContent())
      .toBe(`${refused} refused with 429`);
    expect(await thisHour.textContent()).toMatch(
      new RegExp(`: ${2 + admitted} counted, ${refused} refused with 429 \\(${refused} burst, 0 quota\\)$`),
    );
    expect(await chart.getByTestId('usage-totals').textContent()).toContain(
      `${2 + admitted} requests counted against the quota`,
    );
    // The keys table's meter refreshes with the chart: both say the same count.
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /research/ })
          .first()
          .textContent(),
      )
      .toContain(`${2 + admitted} / 10,000`);
    // One window has refusals: one refused bar is drawn.
    expect(await chart.locator('rect.bar-refused:not([height="0"])').count()).toBe(1);
    await chart.getByText('Windows with requests, as a table').click();
    await expect.poll(() => chart.getByTestId('usage-table').locator('tbody tr').count()).toBe(1);
    await shot('api-keys-usage');
    // The dashboard's own data calls count on the account's dashboard meter, shown and charted apart.
    expect(await page.getByTestId('dashboard-usage').textContent()).toMatch(/\d+ \/ 10,000 this hour/);
    await page.getByRole('button', { name: 'Dashboard usage' }).click();
    await expect.poll(() => chart.textContent()).toContain('for “the dashboard”');
    await sleep(1100); // out of the burst window again before the key is used below
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
    expect(await paintedPixels(page.getByTestId('card-chart'))).toBeGreaterThan(100);
    const record = trackRecord(
      await server.platform.storage.cards.listRange('2025-11-25', '2026-11-25'),
      await server.platform.storage.cards.outcomesInRange('2025-11-25', '2026-11-25'),
    );
    expect(record.by_setup.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('track-record').locator('tbody tr').count())
      .toBe(record.by_setup.length);
    // Beside it, the simple books a trader could have held instead (#48): three curves, three rows of figures.
    await page.getByTestId('record-books-chart').locator('canvas').first().waitFor();
    expect(await paintedPixels(page.getByTestId('record-books-chart'))).toBeGreaterThan(100);
    expect(
      (await page.getByTestId('record-books').locator('tbody th').allInnerTexts()).map((t) => t.trim()),
    ).toEqual(['Cards', 'Equal weight', 'Momentum 12-1, top 10']);
    // #48 (ADR 0093, 0099): each card's setup status with its figures, the universe of the session's cards
    // and of the record, and the record's figures beside both nulls and the drift-adjusted edge.
    const status = (
      (cards[0] as { payload: unknown }).payload as { setup_status: { status: string; measured: string } }
    ).setup_status;
    await expect.poll(() => page.getByTestId('setup-status').innerText()).toContain(`Setup ${status.status}`);
    expect(await page.getByTestId('setup-status').innerText()).toContain(status.measured);
    expect(await page.getByTestId('setup-status-cell').allInnerTexts()).toEqual(
      cards.map(() => expect.stringMatching(/^(unproven|verified)$/)),
    );
    expect(await page.getByTestId('cards-universe').innerText()).toMatch(
      /^Universe: \d+ tickers \(every active instrument\), static\.$/,
    );
    expect(await page.getByTestId('record-universe').innerText()).toMatch(/^Universe: \d+ tickers/);
    const served = await (
      await page.request.get(`${base}/dashboard/api/track-record?record=published`)
    ).json();
    expect(served.edge.overall.drift_adjusted_edge).not.toBeNull();
    const edgeRows = page.getByTestId('record-edge').locator('tbody tr');
    await expect.poll(() => edgeRows.count()).toBe(1 + served.edge.by_setup.length);
    const all = (await edgeRows.first().locator('td').allInnerTexts()).map((t) => t.trim());
    const iv = (i: { mean: number; low: number; high: number }) =>
      `${i.mean.toFixed(3)} [${i.low.toFixed(3)}, ${i.high.toFixed(3)}]`;
    expect(all[3]).toBe(iv(served.edge.overall.drift_adjusted_edge));
    expect(all[5]).toBe(served.edge.overall.edge_kind);
    expect(await page.getByTestId('record-edge').locator('thead').innerText()).toMatch(/same-ticker null/);
    await shot('cards');
    // The simulated history is a separate view, always labelled (#49); this deployment backfilled nothing.
    await page.getByRole('button', { name: 'Simulated history' }).click();
    await page.getByRole('heading', { name: /^Simulated history by setup/ }).waitFor();
    await expect
      .poll(() => page.getByTestId('record-note').innerText())
      .toMatch(/^Simulated: .*No backfilled session/);
    await page.getByRole('button', { name: 'Track record' }).click();
    await page.getByRole('heading', { name: /^Track record by setup/ }).waitFor();
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
    expect(page.url()).toMatch(/\/dashboard\/reports\/job_/);
    const job = await server.platform.storage.analysis.get(
      (await server.platform.storage.users.getByEmail(EMAIL))?.account_id as string,
      page.url().split('/').at(-1) as string,
    );
    const report = JSON.parse(
      (await server.platform.storage.analysis.getReport(job?.report_id as string)) as string,
    ) as { sections: Record<string, Record<string, unknown>> };
    const sections = Object.keys(report.sections).filter((name) => name !== 'chart');

    // Every section has its own panel: none fell back to the generic renderer.
    expect(
      await page
        .locator('[data-section]')
        .evaluateAll((els) =>
          els.map((e) => (e as unknown as { dataset: { section: string } }).dataset.section),
        ),
    ).toEqual(sections);
    expect(await page.locator('[data-generic]').count()).toBe(0);

    // Summary and verdict.
    const verdict = report.sections.verdict as { verdict: string; votes: unknown[] };
    expect(await page.getByTestId('verdict').textContent()).toContain(verdict.verdict);
    expect(await page.getByTestId('verdict-votes').locator('tbody tr').count()).toBe(verdict.votes.length);

    // The price chart with the report's support and resistance drawn and listed in words.
    const chart = page.getByTestId('report-chart');
    await chart.locator('canvas').first().waitFor();
    await expect.poll(() => paintedPixels(chart)).toBeGreaterThan(100);
    const levels = report.sections.levels as {
      support: { price: number }[];
      resistance: { price: number }[];
    };
    const legend = chart.getByTestId('chart-legend');
    for (const [i, l] of levels.support.entries())
      expect(await legend.textContent()).toContain(`Support S${i + 1} at ${l.price.toFixed(2)}`);
    for (const [i, l] of levels.resistance.entries())
      expect(await legend.textContent()).toContain(`Resistance R${i + 1} at ${l.price.toFixed(2)}`);
    expect(await page.getByTestId('support-levels').locator('tbody tr').count()).toBe(levels.support.length);
    // RSI on its gauge in the momentum panel (every tier).
    expect(
      await page.locator('[data-section="momentum"] svg[role="img"]').getAttribute('aria-label'),
    ).toMatch(/^RSI \(14\) \d+\.\d/);

    if (tier !== 'Light') {
      const panel = report.sections.indicators as { indicators: { code: string }[] };
      expect(await page.getByTestId('indicator-table').locator('tbody tr').count()).toBe(
        panel.indicators.length,
      );
      expect(await page.getByTestId('indicator-gauges').locator('svg[role="img"]').count()).toBe(6);
      const rsiRow = page.getByTestId('indicator-table').locator('tbody tr', { hasText: '(rsi)' });
      expect(await rsiRow.locator('td').last().textContent()).toMatch(
        /^(neutral|overbought|oversold), (rising|falling|unchanged)$/,
      );
      const patterns = report.sections.patterns as { candlesticks: unknown[]; chart_patterns: unknown[] };
      expect(await page.getByTestId('candlestick-patterns').locator('tbody tr').count()).toBe(
        patterns.candlesticks.length,
      );
      expect(await page.getByTestId('chart-patterns').locator('tbody tr').count()).toBe(
        patterns.chart_patterns.length,
      );
      const risk = page.getByTestId('risk-table');
      expect(await risk.locator('tbody tr').count()).toBe(13);
      expect(
        await risk
          .locator('tbody tr', { hasText: 'Annualised volatility' })
          .locator('td')
          .first()
          .textContent(),
      ).toMatch(/^\d+\.\d\d %$/);
      expect(
        await risk.locator('tbody tr', { hasText: 'Sharpe ratio' }).locator('td').first().textContent(),
      ).toMatch(/^-?\d+\.\d\d$/);
    }
    if (tier === 'Full') {
      await page.getByTestId('scenario-table').waitFor();
      await page.getByTestId('peers-table').waitFor();
      // Full's chart section brings its averages and bands; each overlay group has a keyboard switch.
      expect(await legend.textContent()).toContain('50-day average');
      expect(await legend.textContent()).toContain('Bollinger upper band');
      const toggle = chart.getByRole('checkbox', { name: 'Support and resistance' });
      await toggle.focus();
      await page.keyboard.press('Space');
      expect(await toggle.isChecked()).toBe(false);
      expect(await legend.textContent()).not.toContain('Support S1');
      await page.keyboard.press('Space');
      expect(await legend.textContent()).toContain('Support S1');
      // The chart redraws in the light theme's colours.
      await page.getByRole('button', { name: 'Toggle dark and light' }).click();
      await expect.poll(() => paintedPixels(chart)).toBeGreaterThan(100);
      await chart.screenshot({ path: `${SHOTS}/report-full-chart-light.png` });
      await page.getByRole('button', { name: 'Toggle dark and light' }).click();
    }
    await shot(`report-${tier.toLowerCase()}`);
    // Close-ups of the chart and the panels, at full resolution.
    await chart.screenshot({ path: `${SHOTS}/report-${tier.toLowerCase()}-chart.png` });
    for (const name of ['momentum', 'levels', 'indicators', 'patterns', 'risk', 'scenarios'])
      if (sections.includes(name))
        await page
          .locator(`[data-section="${name}"]`)
          .screenshot({ path: `${SHOTS}/report-${tier.toLowerCase()}-${name}.png` });
  });

  it('draws a section it does not know with the generic renderer, and a malformed one too', async () => {
    const url = page.url();
    await page.route('**/dashboard/api/analysis/job_*', async (route) => {
      const response = await route.fetch();
      const job = (await response.json()) as { report: { sections: Record<string, unknown> } };
      job.report.sections.levels = { narrative: 'Levels from another version.', support: 'not a list' };
      job.report.sections.options_flow = { narrative: 'A section added later.', put_call_ratio: 0.85 };
      await route.fulfill({ response, json: job });
    });
    const before = problems.length;
    await page.goto(url);
    await page.locator('[data-section="options_flow"] [data-generic]').waitFor();
    expect(await page.locator('[data-section="options_flow"]').textContent()).toContain('0.8500');
    expect(await page.locator('[data-section="levels"] [data-generic]').count()).toBe(1);
    // The rest of the report still draws, with its own panels.
    await page.getByTestId('risk-table').waitFor();
    expect(await page.locator('[data-generic]').count()).toBe(2);
    await page.unroute('**/dashboard/api/analysis/job_*');
    problems.splice(before); // React reports the panel it caught on the console
  });

  it('serves its icon, also where browsers look for one (/favicon.ico), so no page load asks for a missing file', async () => {
    const html = await (await fetch(`${base}/dashboard/`)).text();
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/dashboard/favicon.svg"');
    const icon = await fetch(`${base}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.url).toBe(`${base}/dashboard/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('logged no page error, no Content-Security-Policy violation and no missing file', () => {
    expect(problems).toEqual([]);
  });
});
