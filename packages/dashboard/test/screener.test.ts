/**
 * Issue #28 in the dashboard: the top bar's ticker search and the screener page, in Chromium against a
 * deployment with the demo market. The search is a keyboard-operable combobox; the screener shows what
 * /dashboard/api/screener answers, locates a misspelling in the text with a one-click fix, tells a plan
 * without the screener which plan has it, and every run counts one unit on the account's dashboard meter.
 */
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../server/src/market/store/index.js';
import { Deployment, type Instance } from '../../server/test/support/harness.js';
import { screenNumber } from '../src/format.js';
import { launchBrowser, SHOTS } from './support/browser.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const PASSWORD = 'correct horse battery staple';
const GROWTH = 'screens@example.test';
const STARTER = 'starter@example.test';
const NO_PLAN = 'noplan@example.test';

interface Row {
  ticker: string;
  cells: { column: string; value: string; text: string }[];
}

interface Answer {
  columns: string[];
  matched: number;
  data: { ticker: string; name: string; date: string; values: Record<string, number | null> }[];
}

/** The results table's rows: each one's ticker and its value cells (the raw value and the text shown). */
function resultRows(page: Page): Promise<Row[]> {
  return page
    .getByTestId('screen-results')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      // Typed by shape: the test's TypeScript settings carry no DOM library.
      (
        trs as unknown as {
          getAttribute(n: string): string | null;
          querySelectorAll(
            s: string,
          ): ArrayLike<{ getAttribute(n: string): string | null; textContent: string | null }>;
        }[]
      ).map((tr) => ({
        ticker: tr.getAttribute('data-ticker') ?? '',
        cells: Array.from(tr.querySelectorAll('td[data-column]')).map((td) => ({
          column: td.getAttribute('data-column') ?? '',
          value: td.getAttribute('data-value') ?? '',
          text: td.textContent ?? '',
        })),
      })),
    );
}

/** The requests counted on the signed-in account's dashboard meter this window (as the keys page shows). */
const dashboardUsed = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const keys = (await (await fetch('/dashboard/api/keys')).json()) as { dashboard_usage: { used: number } };
    return keys.dashboard_usage.used;
  });

/** What /dashboard/api/screener answers the page's session for `query`. */
const screenFromApi = (page: Page, query: Record<string, string>): Promise<Answer> =>
  page.evaluate(
    async (q) => (await (await fetch(`/dashboard/api/screener?${new URLSearchParams(q)}`)).json()) as Answer,
    query,
  );

describe('the ticker search and the screener in Chromium', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let browser: Browser;
  let page: Page;
  /** Console errors and uncaught exceptions of every page. */
  const problems: string[] = [];

  const watch = (p: Page) => {
    p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    p.on('console', (m) => {
      // Refused calls the tests make on purpose (403, 422) log "Failed to load resource"; anything else counts.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`console: ${m.text()}`);
    });
  };
  const signIn = async (p: Page, email: string, path: string) => {
    await p.goto(`${base}/dashboard${path}`);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('link', { name: 'Screener' }).waitFor();
  };
  /** A page of a new browser context signed in as `email`; closed by `close`. */
  const otherUser = async (email: string, path: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await context.newPage();
    watch(p);
    await signIn(p, email, path);
    return { p, close: () => context.close() };
  };
  const whereBox = () => page.getByLabel('Condition');
  const run = () => page.getByRole('button', { name: 'Run' }).click();

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    await server.account('growth', { name: 'Screens Ltd', email: GROWTH, password: PASSWORD });
    await server.account('starter', { name: 'Small Shop', email: STARTER, password: PASSWORD });
    await server.account(null, { name: 'Unassigned', email: NO_PLAN, password: PASSWORD });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watch(page);
    await signIn(page, GROWTH, '/cards');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await deployment?.destroy();
  }, 60_000);

  it('finds a demo ticker by part of its name and chooses it with the keyboard', async () => {
    const box = page.getByRole('combobox', { name: 'Search instruments' });
    const list = page.getByRole('listbox', { name: 'Instruments' });
    // Several matches: the arrows move the active option, announced through aria-activedescendant.
    await box.pressSequentially('s', { delay: 30 });
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(1);
    expect(await list.getByRole('option').count()).toBeLessThanOrEqual(8);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const options = list.getByRole('option');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(0).getAttribute('id'));
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');

    // "drorv" is the start of Drorvora Power's name (ticker DRRV): one ranked match with its details.
    await box.pressSequentially('drorv', { delay: 30 });
    const option = list.getByRole('option');
    await expect.poll(() => option.count()).toBe(1);
    const text = await option.textContent();
    expect(text).toContain('DRRV');
    expect(text).toContain('Drorvora Power');
    expect(text).toContain('utilities');
    expect(text).toContain('last bar 2026-11-24');
    expect(text).not.toContain('stale');
    await page.screenshot({ path: `${SHOTS}/ticker-search.png` });
    await box.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    // The analysis flow, filled in: the reports page with the ticker, the focus on the tier.
    await expect.poll(() => page.url()).toBe(`${base}/dashboard/reports?ticker=DRRV`);
    expect(await page.getByLabel('Ticker').inputValue()).toBe('DRRV');
    await expect
      .poll(() => page.getByLabel('Tier').evaluate((e) => e === e.ownerDocument.activeElement))
      .toBe(true);
    expect(await box.inputValue()).toBe('');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
  });

  it('runs a screen, one unit on the dashboard meter, showing a row per match with the API’s values', async () => {
    await page.getByRole('link', { name: 'Screener' }).click();
    await page.getByRole('heading', { name: 'Screener' }).waitFor();
    const where = await whereBox().inputValue();
    const sort = await page.getByLabel('Sort').inputValue();
    expect(where).not.toBe('');
    const before = await dashboardUsed(page);
    await run();
    await page.getByTestId('screen-results').waitFor();
    expect(await dashboardUsed(page)).toBe(before + 1);

    const answer = await screenFromApi(page, { where, sort, limit: '50' });
    expect(answer.data.length).toBeGreaterThan(0);
    const rows = await resultRows(page);
    expect(rows.map((r) => r.ticker)).toEqual(answer.data.map((m) => m.ticker));
    for (const [i, row] of rows.entries()) {
      const match = answer.data[i] as Answer['data'][number];
      expect(row.cells.map((c) => c.column)).toEqual(answer.columns);
      for (const cell of row.cells) {
        expect(cell.value).toBe(String(match.values[cell.column]));
        expect(cell.text).toBe(screenNumber(match.values[cell.column]));
      }
    }
    const headers = await page.getByTestId('screen-results').locator('thead th').allTextContents();
    expect(headers).toEqual(['Ticker', 'Name', 'Date', ...answer.columns]);
    expect(await page.getByTestId('screen-summary').textContent()).toBe(
      `${answer.matched} of 21 instruments matched at the close of 2026-11-24.`,
    );
    expect(await page.getByTestId('screen-left-out').textContent()).toMatch(/^None left out/);
    await page.screenshot({ path: `${SHOTS}/screener.png`, fullPage: true });

    // A second run is a second unit.
    const again = await dashboardUsed(page);
    await run();
    await expect.poll(() => dashboardUsed(page)).toBe(again + 1);
  });

  it('locates a misspelt indicator, offers the fix, and the fixed screen runs', async () => {
    await whereBox().fill('rsx(14) < 40');
    const before = await dashboardUsed(page);
    await run();
    const errors = page.getByTestId('screen-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('unknown indicator `rsx` at 1:1; did you mean `rsi`?');
    expect(await errors.locator('mark').textContent()).toBe('rsx');
    expect(await errors.getByTestId('located').textContent()).toBe('rsx(14) < 40');
    expect(await whereBox().getAttribute('aria-invalid')).toBe('true');
    // The offending text is selected in the field, which has the focus.
    expect(
      await whereBox().evaluate((e) => {
        const t = e as unknown as {
          selectionStart: number;
          selectionEnd: number;
          ownerDocument: { activeElement: unknown };
        };
        return [t.selectionStart, t.selectionEnd, t.ownerDocument.activeElement === e];
      }),
    ).toEqual([0, 3, true]);
    expect(await page.getByTestId('screen-results').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/screener-error.png`, fullPage: true });
    // A refused screen is not billed.
    expect(await dashboardUsed(page)).toBe(before);

    await errors.getByRole('button', { name: 'Use rsi instead of rsx' }).click();
    expect(await whereBox().inputValue()).toBe('rsi(14) < 40');
    expect(await errors.getByRole('button').count()).toBe(0);
    await run();
    await page.getByTestId('screen-results').waitFor();
    expect(await page.getByTestId('screen-errors').count()).toBe(0);
    const answer = await screenFromApi(page, { where: 'rsi(14) < 40', sort: '-roc(20)', limit: '50' });
    expect(answer.data.length).toBeGreaterThan(0);
    expect((await resultRows(page)).map((r) => r.ticker)).toEqual(answer.data.map((m) => m.ticker));
    expect(await dashboardUsed(page)).toBe(before + 2); // the rerun and the API call above
  });

  it('tells a starter account which plan has the screener, and shows no search box without a plan', async () => {
    const starter = await otherUser(STARTER, '/screener');
    try {
      const { p } = starter;
      await p.getByRole('heading', { name: 'Screener' }).waitFor();
      await p.getByRole('button', { name: 'Run' }).click();
      const alert = p.getByTestId('screen-problem');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'Your plan (Starter) does not include screener. The cheapest plan that does is Growth (growth).',
      );
      // The page still works: the form is there, and the search box (starter has instrument search).
      expect(await p.getByLabel('Condition').isEditable()).toBe(true);
      expect(await p.getByRole('combobox', { name: 'Search instruments' }).count()).toBe(1);
      await p.screenshot({ path: `${SHOTS}/screener-plan.png`, fullPage: true });
    } finally {
      await starter.close();
    }
    const none = await otherUser(NO_PLAN, '/screener');
    try {
      expect(await none.p.getByRole('combobox', { name: 'Search instruments' }).count()).toBe(0);
    } finally {
      await none.close();
    }
    expect(problems).toEqual([]);
  });
});
