import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@bellwether/client';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBABLE_TYPES } from '../../server/src/events/event-catalog.js';
import { Receiver } from '../../server/test/events/support/receiver.js';
import { DELIVERING, Deployment, type Instance } from '../../server/test/support/harness.js';
import { launchBrowser, SHOTS } from './support/browser.js';

const EMAIL = 'hooks@example.test';
const PASSWORD = 'correct horse battery staple';

/** The `data-testid` of the focused element (typed by shape: the test's TypeScript settings carry no DOM library). */
function focusedTestId(): string | undefined {
  const doc = (
    globalThis as unknown as { document: { activeElement: { dataset?: Record<string, string> } | null } }
  ).document;
  return doc.activeElement?.dataset?.testid;
}

/** The text of what `l` finds now (no waiting for it to appear: for polls), joined by `|`. */
const textNow = async (l: Locator) => (await l.allTextContents()).join('|');
/** Long enough for a delivery and the page's next look at it (it looks every second). */
const DELIVERED = { timeout: 10_000 };

describe('the Webhooks page in Chromium', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let browser: Browser;
  let page: Page;
  /** The customer's receiver, answering 200. */
  let receiver: Receiver;
  /** A receiver that was taken down: it answers 410 Gone. */
  let gone: Receiver;
  let secret: string;
  /** Console errors and uncaught exceptions of the page (a CSP violation shows up here). */
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const endpointRow = (url: string) => page.locator('tr[data-endpoint]', { hasText: url });
  const notice = () => page.getByTestId('webhook-notice');

  beforeAll(async () => {
    // The test deployment allows http deliveries to loopback, where the receivers listen.
    deployment = await Deployment.create('embedded', { events: DELIVERING });
    server = await deployment.start();
    const created = await server.platform.accounts.create({
      name: 'Acme Capital',
      email: EMAIL,
      plan_id: 'starter',
      password: PASSWORD,
    });
    expect(created.ok).toBe(true);
    receiver = await Receiver.start('/bellwether/webhooks');
    gone = await Receiver.start('/retired');
    gone.fallback = { status: 410 };
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.accept());
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // Refused calls log "Failed to load resource"; anything else counts.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`console: ${m.text()}`);
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await gone?.close();
    await server?.close();
    await deployment?.destroy();
  });

  it('signs in and opens Webhooks from the navigation', async () => {
    await page.goto(`${base}/dashboard/api-keys`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(page.url()).toBe(`${base}/dashboard/webhooks`);
    await page.getByText('No endpoints yet.').waitFor();
    // Every event type the API accepts, from the server's catalogue, as a checkbox.
    const types = await page.getByRole('group', { name: 'Event types' }).getByRole('checkbox').count();
    expect(types).toBe(SUBSCRIBABLE_TYPES.length);
    expect(types).toBeGreaterThanOrEqual(11);
    expect(await page.getByLabel('URL').getAttribute('placeholder')).toBe(
      'https://example.com/bellwether/webhooks',
    );
    expect(await notice().count()).toBe(0);
  });

  it('adds an endpoint and shows its signing secret once, then never again', async () => {
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Description').fill('order router');
    await page.getByRole('checkbox', { name: /^key\.rotated/ }).check();
    await page.getByRole('checkbox', { name: /^key\.revoked/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const box = page.getByTestId('webhook-secret');
    await box.waitFor();
    secret = (await page.getByTestId('new-secret').textContent()) as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await box.textContent()).toContain('it is shown only now');
    // The box takes the focus, so a keyboard or screen-reader user lands on it.
    expect(await page.evaluate(focusedTestId)).toBe('webhook-secret');
    const row = endpointRow(receiver.url);
    await expect.poll(() => row.textContent()).toContain('order router');
    expect(await row.textContent()).toContain('key.rotatedkey.revoked');
    expect(await row.getByTestId('endpoint-status').textContent()).toBe('Enabled');
    // The form is empty again, ready for another endpoint.
    expect(await page.getByLabel('URL').inputValue()).toBe('');
    await shot('webhooks-created');

    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.content()).not.toContain(secret.slice('whsec_'.length));
    await page.reload();
    await endpointRow(receiver.url).waitFor();
    expect(await page.content()).not.toContain(secret.slice('whsec_'.length));
  });

  it('refuses a URL it cannot deliver to and says why beside the field', async () => {
    await page.getByLabel('URL').fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('alert').filter({ hasText: 'validation_failed' }).waitFor();
    expect(await page.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#webhook-url-help').textContent()).toMatch(/^URL: .*https?/);
    expect(await page.locator('tr[data-endpoint]').count()).toBe(1);
    // Editing the field clears the mark.
    await page.getByLabel('URL').fill('');
    expect(await page.getByLabel('URL').getAttribute('aria-invalid')).toBe('false');
  });

  it('sends a test event the receiver verifies, shows the delivery succeeded with its attempt, and replays it', async () => {
    const row = endpointRow(receiver.url);
    await row.getByRole('button', { name: 'Send test' }).click();
    const [got] = await receiver.waitFor(1);
    const event = await verifyWebhook(got!.headers as Record<string, string>, got!.body, secret);
    expect(event.type).toBe('webhook.test');

    const deliveries = page.getByTestId('deliveries');
    const first = deliveries.locator('tbody tr[data-delivery]').first();
    await expect.poll(() => textNow(first.getByTestId('delivery-status')), DELIVERED).toBe('succeeded');
    expect(await first.textContent()).toContain('webhook.test');
    expect(await first.locator('td').nth(3).textContent()).toBe('1');
    expect(await first.locator('td').nth(4).textContent()).toBe('HTTP 200');
    await first.getByRole('button', { name: 'Attempts' }).click();
    const attempts = page.getByTestId('attempts').locator('tbody tr');
    await expect.poll(() => attempts.count(), DELIVERED).toBe(1);
    expect(await attempts.first().textContent()).toMatch(/^1.*successHTTP 200/);
    await shot('webhooks-deliveries');

    // The deliveries open and close from the keyboard.
    const toggle = row.getByRole('button', { name: 'Deliveries' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await deliveries.count()).toBe(0);
    await page.keyboard.press('Enter');
    await deliveries.waitFor();

    await first.getByRole('button', { name: 'Replay' }).click();
    const [, again] = await receiver.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(event.id);
    const replayed = deliveries.locator('tbody tr[data-delivery]', { hasText: '(replay 1)' });
    await expect.poll(() => textNow(replayed.getByTestId('delivery-status')), DELIVERED).toBe('succeeded');
  });

  it('disables the endpoint (by you: no notice) and enables it again', async () => {
    const row = endpointRow(receiver.url);
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect
      .poll(() => textNow(row.getByTestId('endpoint-status')), DELIVERED)
      .toMatch(/^Disabled: disabled by you/);
    expect(await row.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
    expect(await notice().count()).toBe(0);
    await shot('webhooks-disabled');
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => textNow(row.getByTestId('endpoint-status')), DELIVERED).toBe('Enabled');
    expect(await row.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(false);
  });

  it('tells the owner at the top when Bellwether disables an endpoint whose receiver answered 410 Gone', async () => {
    await page.getByLabel('URL').fill(gone.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-secret').waitFor();
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const row = endpointRow(gone.url);
    expect(await row.textContent()).toContain('every type');
    await row.getByRole('button', { name: 'Send test' }).click();
    await gone.waitFor(1);

    await notice().waitFor(DELIVERED);
    const words = await notice().textContent();
    expect(words).toContain('Bellwether disabled a webhook endpoint');
    expect(words).toContain(`${gone.url}: the receiver answered 410 Gone`);
    expect(words).not.toContain(receiver.url);
    await expect
      .poll(() => textNow(row.getByTestId('endpoint-status')), DELIVERED)
      .toMatch(/^Disabled: the receiver answered 410 Gone/);
    await expect
      .poll(() => textNow(page.getByTestId('deliveries').getByTestId('delivery-status')), DELIVERED)
      .toBe('failed');
    expect(await page.getByTestId('deliveries').locator('tbody tr').first().textContent()).toContain(
      'HTTP 410',
    );
    // The notice is the first thing on the page, in both themes.
    const top = await page.locator('section > *').nth(1).getAttribute('data-testid');
    expect(top).toBe('webhook-notice');
    await shot('webhooks-gone-dark');
    await page.getByRole('button', { name: 'Toggle dark and light' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await notice().waitFor();
    await shot('webhooks-gone-light');
    await page.getByRole('button', { name: 'Toggle dark and light' }).click();

    // Deleting it (after confirming) ends the notice; the other endpoint stays.
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count(), DELIVERED).toBe(0);
    expect(await notice().count()).toBe(0);
    expect(await endpointRow(receiver.url).count()).toBe(1);
  });

  it('logged no page error and no Content-Security-Policy violation', () => {
    expect(problems).toEqual([]);
  });
});
