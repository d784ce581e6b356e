import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../server/src/cards/publication-deps.js';
import { publishSession } from '../../server/src/cards/publish-session.js';
import { trackOutcomes } from '../../server/src/cards/track-outcomes.js';
import { seedDemoMarketIfEmpty } from '../../server/src/market/store/index.js';
import { Deployment, type Instance } from '../../server/test/support/harness.js';
import { publishOnTime } from '../../server/test/support/publish-on-time.js';
import { launchBrowser, SHOTS } from './support/browser.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const EMAIL = 'fit@example.test';
const PASSWORD = 'correct horse battery staple';
const PAST = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];

/**
 * Runs in the page before its scripts: records every text drawn on a canvas with its canvas and colour,
 * so a test can read what the chart library drew (no DOM text).
 */
const RECORD_CANVAS_TEXT = `(() => {
  const texts = [];
  Object.defineProperty(window, '__canvasTexts', { value: texts });
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
    texts.push({ canvas: this.canvas, text: String(text), colour: String(this.fillStyle) });
    if (texts.length > 20000) texts.splice(0, 5000);
    return fill.call(this, text, x, y, ...rest);
  };
})();`;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
interface ChartGeometry {
  /** The plot (the pane, without the axes). */
  pane: Box;
  /** The chart library's attribution logo, when drawn. */
  logo: Box | null;
  labels: (Box & { text: string; price: number })[];
}

/** The card chart's pane, logo and shown level labels, in page pixels. */
function chartGeometry(chart: Locator): Promise<ChartGeometry> {
  return chart.evaluate((el) => {
    interface Rect {
      top: number;
      bottom: number;
      left: number;
      right: number;
      width: number;
      height: number;
    }
    interface Node {
      getBoundingClientRect(): Rect;
      querySelector(s: string): Node | null;
      querySelectorAll(s: string): ArrayLike<Node>;
      textContent: string | null;
      dataset: Record<string, string>;
    }
    const root = el as unknown as Node;
    // A plain copy: a DOMRect's sides are getters, which spreading would not copy.
    const box = (n: Node): Rect => {
      const { top, bottom, left, right, width, height } = n.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    };
    const firstRow = root.querySelector('table tr');
    const canvases = Array.from(firstRow?.querySelectorAll('canvas') ?? []);
    const pane = canvases.map(box).sort((a, b) => b.width * b.height - a.width * a.height)[0] as Rect;
    const logo = root.querySelector('#tv-attr-logo');
    const logoBox = logo === null ? null : box(logo);
    return {
      pane,
      logo: logoBox === null || logoBox.width === 0 ? null : logoBox,
      labels: Array.from(root.querySelectorAll('.level-label:not([hidden])')).map((l) => ({
        ...box(l),
        text: l.textContent ?? '',
        price: Number(l.dataset.price),
      })),
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);

/** The colour of the last text the chart under `chart` drew on its price axis (RECORD_CANVAS_TEXT). */
function axisTextColour(chart: Locator): Promise<string | null> {
  return chart.evaluate((el) => {
    const w = globalThis as unknown as {
      __canvasTexts: { canvas: unknown; text: string; colour: string }[];
    };
    const root = el as unknown as { contains(n: unknown): boolean };
    const mine = w.__canvasTexts.filter((t) => root.contains(t.canvas) && /\d/.test(t.text));
    return mine.at(-1)?.colour ?? null;
  });
}

/** The page's width as laid out against the viewport's: more means it scrolls sideways. */
function overflow(page: Page): Promise<{ scroll: number; viewport: number; widest: string }> {
  return page.evaluate(() => {
    interface El {
      getBoundingClientRect(): { right: number };
      tagName: string;
      className: string;
      textContent: string | null;
    }
    const d = globalThis as unknown as {
      innerWidth: number;
      document: {
        documentElement: { scrollWidth: number; clientWidth: number };
        body: { querySelectorAll(s: string): ArrayLike<El> };
      };
    };
    const vw = d.document.documentElement.clientWidth;
    // The element sticking out furthest, to name in a failure.
    let widest = '';
    let right = vw;
    for (const e of Array.from(d.document.body.querySelectorAll('*'))) {
      const r = e.getBoundingClientRect().right;
      if (r > right + 0.5) {
        right = r;
        widest = `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').slice(0, 40)}"`;
      }
    }
    return { scroll: d.document.documentElement.scrollWidth, viewport: vw, widest };
  });
}

describe('issue #49: the dashboard on a phone, the card chart, themes, the plan and past sessions', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  const watch = (p: Page) => {
    p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`console: ${m.text()}`);
    });
  };
  const signIn = async (p: Page) => {
    await p.goto(`${base}/dashboard/`);
    await p.getByLabel('Email').fill(EMAIL);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('link', { name: 'Reports' }).waitFor();
  };

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    // The market filter off, as in the other dashboard suites: these sessions were chosen when the demo had no
    // market series; with SYNX as the market (ADR 0081) some of them publish no card.
    const pub = publicationDeps(server.platform);
    const deps = { ...pub, cards: { ...pub.cards, marketFilter: false } };
    for (const s of PAST) expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
    expect((await trackOutcomes(deps)).recorded).toBeGreaterThan(0);
    expect(await publishSession(deps)).toMatchObject({ ok: true, published: true });
    await server.account('enterprise', { name: 'Fit Capital', email: EMAIL, password: PASSWORD });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(RECORD_CANVAS_TEXT);
    watch(page);
    await signIn(page);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await deployment?.destroy();
  }, 60_000);

  it('fits the card chart to the trade: its levels span much of the plot, labels clear of the logo', async () => {
    await page.getByRole('link', { name: 'Cards' }).click();
    const chart = page.getByTestId('card-chart');
    await expect.poll(async () => (await chartGeometry(chart)).labels.length).toBe(5);
    await page.waitForTimeout(300);
    const g = await chartGeometry(chart);
    const mid = (b: Box) => (b.top + b.bottom) / 2;
    const stop = g.labels.find((l) => l.text.startsWith('stop')) as Box;
    const t2 = g.labels.find((l) => l.text.startsWith('T2')) as Box;
    const plot = g.pane.bottom - g.pane.top;
    const span = Math.abs(mid(stop) - mid(t2));
    await chart.screenshot({ path: `${SHOTS}/fit-card-chart.png` });
    expect(span / plot, `stop to T2: ${span} of ${plot} px`).toBeGreaterThanOrEqual(0.4);
    for (const l of g.labels) {
      expect(l.top, `${l.text} inside the plot`).toBeGreaterThanOrEqual(g.pane.top - 0.5);
      expect(l.bottom, `${l.text} inside the plot`).toBeLessThanOrEqual(g.pane.bottom + 0.5);
      if (g.logo !== null) expect(overlaps(l, g.logo), `${l.text} over the logo`).toBe(false);
    }
    expect(g.logo, 'the library’s attribution stays').not.toBeNull();
  });

  it('redraws an open chart in the new theme’s colours', async () => {
    const chart = page.getByTestId('card-chart');
    const text = () =>
      page.evaluate(() =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { getPropertyValue(n: string): string } })
          .getComputedStyle(
            (globalThis as unknown as { document: { documentElement: unknown } }).document.documentElement,
          )
          .getPropertyValue('--text')
          .trim(),
      );
    await expect.poll(() => axisTextColour(chart)).toBe(await text());
    const before = await axisTextColour(chart);
    await page.getByRole('button', { name: 'Toggle dark and light' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    const light = await text();
    expect(light).not.toBe(before);
    await expect.poll(() => axisTextColour(chart)).toBe(light);
    await chart.screenshot({ path: `${SHOTS}/fit-card-chart-light.png` });
    await page.getByRole('button', { name: 'Toggle dark and light' }).click();
    await expect.poll(() => axisTextColour(chart)).toBe(before);
  });

  it('names the plan in the footer with a link to what it includes, not its 20 features', async () => {
    const footer = page.locator('footer');
    const text = (await footer.textContent()) ?? '';
    expect(text).not.toContain('includes');
    expect(text.length).toBeLessThan(80);
    await footer.getByRole('link', { name: 'Enterprise' }).click();
    await page.getByRole('heading', { name: 'Enterprise plan' }).waitFor();
    const features = (await page.getByTestId('plan-features').locator('li').allTextContents()).map((t) =>
      t.trim(),
    );
    const me = await page.evaluate(async () => {
      const r = await fetch('/dashboard/api/me');
      return (await r.json()) as { plan: { features: string[] } };
    });
    expect(features).toEqual(me.plan.features);
    expect(features.length).toBeGreaterThan(10);
  });

  it('browses past sessions’ cards with each card’s outcome', async () => {
    await page.getByRole('link', { name: 'Cards' }).click();
    await page.getByRole('heading', { name: 'Cards for 2026-11-25' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next session' }).isDisabled()).toBe(true);
    await page.getByLabel('Session').fill('2026-11-06');
    await page.getByRole('heading', { name: 'Cards for 2026-11-06' }).waitFor();
    const cards = await server.platform.storage.cards.listBySession('2026-11-06');
    const outcomes = await server.platform.storage.cards.outcomesInRange('2026-11-06', '2026-11-06');
    expect(cards.length).toBeGreaterThan(0);
    const table = page.getByTestId('cards-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(cards.length);
    const shown = new Map<string, string>();
    for (const row of await table.locator('tbody tr').all())
      shown.set(
        ((await row.locator('td').first().textContent()) ?? '').trim(),
        ((await row.getByTestId('outcome').textContent()) ?? '').trim(),
      );
    const words: Record<string, string> = {
      t1: 'T1',
      t2: 'T2',
      stopped: 'stopped',
      expired: 'expired',
      unfilled: 'not filled',
    };
    for (const c of cards) {
      const ticker = (c.payload as { asset: { ticker: string } }).asset.ticker;
      const o = outcomes.find((x) => x.card_id === c.id);
      const cell = shown.get(ticker) ?? '';
      if (o === undefined) expect(cell, ticker).toBe('open');
      else {
        expect(cell, ticker).toContain(words[o.status] as string);
        if (o.r_multiple !== null) expect(cell, ticker).toContain(`${Math.abs(o.r_multiple).toFixed(2)} R`);
      }
    }
    expect(outcomes.length).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/fit-past-session.png`, fullPage: true });
    await page.getByRole('button', { name: 'Previous session' }).click();
    await page.getByRole('heading', { name: 'Cards for 2026-11-05' }).waitFor();
    await page.getByRole('button', { name: 'Next session' }).click();
    await page.getByRole('heading', { name: 'Cards for 2026-11-06' }).waitFor();
    // The dashboard's route answers a day without a session with a problem, not a 5xx.
    const status = await page.evaluate(
      async () => (await fetch('/dashboard/api/cards?session=2026-11-07')).status,
    );
    expect(status).toBe(422);
  });

  it('lays out every page within a 390 px phone, tables scrolling inside their own box', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const phone = await context.newPage();
    watch(phone);
    const fits = async (name: string) => {
      await phone.waitForTimeout(300);
      const o = await overflow(phone);
      await phone.screenshot({ path: `${SHOTS}/fit-phone-${name}.png`, fullPage: true });
      expect(o.scroll, `${name} is ${o.scroll} px wide (${o.widest})`).toBeLessThanOrEqual(390);
    };
    try {
      await phone.goto(`${base}/dashboard/`);
      await phone.getByLabel('Email').waitFor();
      await fits('sign-in');
      await signIn(phone);
      await phone.getByTestId('card-chart').waitFor();
      await phone.getByTestId('track-record').waitFor();
      await fits('cards');
      const nav = phone.getByRole('navigation', { name: 'Main' });
      const tops = await nav
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((l) =>
            Math.round(
              (l as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
            ),
          ),
        );
      expect(new Set(tops).size, `nav rows at ${tops.join(', ')}`).toBe(1);
      for (const [link, ready] of [
        ['API keys', () => phone.getByRole('heading', { name: 'API keys' }).first().waitFor()],
        ['Webhooks', () => phone.getByRole('heading', { level: 1 }).first().waitFor()],
        ['Brokers', () => phone.getByRole('heading', { level: 1 }).first().waitFor()],
        ['Screener', () => phone.getByRole('heading', { level: 1 }).first().waitFor()],
      ] as const) {
        await nav.getByRole('link', { name: link }).click();
        await ready();
        await phone.waitForLoadState('networkidle');
        await fits(link.toLowerCase().replace(' ', '-'));
      }
      await phone.locator('footer').getByRole('link').click();
      await phone.getByTestId('plan-features').waitFor();
      await fits('plan');
      await nav.getByRole('link', { name: 'Reports' }).click();
      const [first] = await server.platform.storage.cards.listBySession('2026-11-25');
      const ticker = (first?.payload as { asset: { ticker: string } } | undefined)?.asset.ticker ?? '';
      expect(ticker).not.toBe('');
      await phone.getByLabel('Ticker').fill(ticker);
      await phone.getByLabel('Tier').selectOption('Full');
      await phone.getByRole('button', { name: 'Analyse' }).click();
      await phone.getByRole('heading', { name: `${ticker} · Full report` }).waitFor({ timeout: 90_000 });
      await phone.getByTestId('report-chart-canvas').waitFor();
      await fits('report');
      await nav.getByRole('link', { name: 'Reports' }).click();
      await phone.getByTestId('past-jobs').waitFor();
      await fits('reports');
    } finally {
      await context.close();
    }
  });

  it('logged no page error', () => {
    expect(problems).toEqual([]);
  });
});
