import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokersAt } from '../../server/test/brokers/demo-broker.js';
import { type FakeAlpaca, startFakeAlpaca } from '../../server/test/brokers/fake-alpaca-server.js';
import { Deployment, type Instance } from '../../server/test/support/harness.js';
import { launchBrowser, SHOTS } from './support/browser.js';

const EMAIL = 'brokers@example.test';
const STARTER_EMAIL = 'starter-brokers@example.test';
const PASSWORD = 'correct horse battery staple';
/** Long enough for a broker call on loopback and the page's next read. */
const SETTLED = { timeout: 10_000 };

describe('the Brokers page in Chromium', () => {
  let fake: FakeAlpaca;
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let browser: Browser;
  let page: Page;
  const keyId = `PK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secret = `SecretCanary${randomBytes(12).toString('hex')}`;
  /** Every response body the page received, read as text (assets included). */
  const bodies: Promise<string>[] = [];
  /** Console errors and uncaught exceptions of the page (a CSP violation shows up here). */
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const rows = () => page.locator('tr[data-connection]');
  const signIn = async (p: Page, email: string) => {
    await p.goto(`${base}/dashboard/brokers`);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'Brokers', level: 1 }).waitFor();
  };

  beforeAll(async () => {
    fake = await startFakeAlpaca();
    fake.addAccount({
      keyId,
      secret,
      accountNumber: 'PA3DASHBOARD',
      buyingPower: 123_456.78,
      equity: 98_765.43,
    });
    deployment = await Deployment.create('embedded', {
      brokers: brokersAt(fake.url),
    });
    server = await deployment.start();
    for (const [email, plan_id] of [
      [EMAIL, 'growth'],
      [STARTER_EMAIL, 'starter'],
    ] as const) {
      const made = await server.platform.accounts.create({
        name: 'Acme Capital',
        email,
        plan_id,
        password: PASSWORD,
      });
      expect(made.ok).toBe(true);
    }
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.accept());
    page.on('response', (r) => bodies.push(r.text().catch(() => '')));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // Refused calls log "Failed to load resource"; anything else counts.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`console: ${m.text()}`);
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await deployment?.destroy();
    await fake?.close();
  });

  it('signs in and opens Brokers from the navigation, paper by default', async () => {
    await page.goto(`${base}/dashboard/api-keys`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brokers' }).click();
    await page.getByRole('heading', { name: 'Brokers', level: 1 }).waitFor();
    expect(page.url()).toBe(`${base}/dashboard/brokers`);
    await page.getByText('No broker connections yet.').waitFor();
    expect(await page.getByLabel('Environment').inputValue()).toBe('paper');
    const secretBox = page.getByLabel('Secret');
    expect(await secretBox.getAttribute('type')).toBe('password');
    expect(await secretBox.getAttribute('autocomplete')).toBe('off');
    // Live asks for a confirmation first.
    await page.getByLabel('Environment').selectOption('live');
    await page.getByRole('checkbox', { name: /spend real money/ }).waitFor();
    await page.getByLabel('Environment').selectOption('paper');
    expect(await page.getByRole('checkbox', { name: /spend real money/ }).count()).toBe(0);
  });

  it('shows the broker’s refusal of a wrong secret, clears the secret, and links nothing', async () => {
    await page.getByLabel('Key id').fill(keyId);
    await page.getByLabel('Secret').fill(`${secret}x`);
    await page.getByRole('button', { name: 'Link account' }).click();
    const problem = page.getByTestId('link-problem');
    await problem.waitFor(SETTLED);
    expect(await problem.textContent()).toContain('broker_credentials_rejected');
    expect(await page.getByLabel('Secret').inputValue()).toBe('');
    expect(await rows().count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });

  it('links with the right secret and shows only the key id’s last four, never the key id or the secret', async () => {
    await page.getByLabel('Key id').fill(keyId);
    await page.getByLabel('Secret').fill(secret);
    await page.getByLabel('Label').fill('Alpaca paper desk');
    await page.getByLabel('Max shares per order (optional)').fill('250');
    await page.getByRole('button', { name: 'Link account' }).click();
    const row = rows().filter({ hasText: 'Alpaca paper desk' });
    await row.waitFor(SETTLED);
    expect(await row.getByTestId('key-last4').textContent()).toBe(`••••${keyId.slice(-4)}`);
    expect(await row.getByTestId('environment').textContent()).toBe('paper');
    expect(await row.textContent()).toContain('PA3DASHBOARD');
    expect(await row.textContent()).toContain('250 shares');
    expect(await row.getByTestId('connection-status').textContent()).toContain('OK');
    expect(await page.getByLabel('Secret').inputValue()).toBe('');
    expect(await page.getByLabel('Key id').inputValue()).toBe('');
    await shot('brokers-linked');

    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(html).not.toContain(keyId);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(keyId);
  });

  it('tests the connection and shows the buying power', async () => {
    const row = rows().filter({ hasText: 'Alpaca paper desk' });
    await row.getByRole('button', { name: 'Test' }).click();
    const outcome = row.getByTestId('connection-outcome');
    await outcome.waitFor(SETTLED);
    expect(await outcome.textContent()).toContain('buying power 123,456.78 USD');
    expect(await outcome.textContent()).toContain('equity 98,765.43 USD');
  });

  it('shows the connection’s audit log and its (empty) orders', async () => {
    const row = rows().filter({ hasText: 'Alpaca paper desk' });
    await row.getByRole('button', { name: 'Audit log' }).click();
    const audit = page.getByTestId('broker-audit');
    await audit.waitFor(SETTLED);
    expect(await audit.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await audit.locator('tbody tr').first().textContent()).toMatch(/^GET\/v2\/accountHTTP 200/);
    await row.getByRole('button', { name: 'Orders' }).click();
    await page.getByText('No orders through this connection yet.').waitFor();
    expect(await audit.count()).toBe(0);
    await row.getByRole('button', { name: 'Orders' }).click();
    expect(await page.getByTestId('broker-orders').count()).toBe(0);
  });

  it('pulls the kill switch after confirming and reports the orders it cancelled', async () => {
    // An order placed at the broker outside Bellwether: the kill switch cancels it too.
    const placed = await fetch(`${fake.url}/v2/orders`, {
      method: 'POST',
      headers: {
        'apca-api-key-id': keyId,
        'apca-api-secret-key': secret,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        symbol: 'AAPL',
        qty: '1',
        side: 'buy',
        type: 'limit',
        time_in_force: 'day',
        limit_price: '100',
      }),
    });
    expect(placed.status).toBe(200);
    const row = rows().filter({ hasText: 'Alpaca paper desk' });
    await row.getByRole('button', { name: 'Kill switch' }).click();
    const outcome = row.getByTestId('connection-outcome');
    await expect.poll(() => outcome.textContent(), SETTLED).toContain('Kill switch: 1 open order cancelled');
    expect(fake.orders(keyId).map((o) => o.status)).toEqual(['canceled']);
    await shot('brokers-kill-switch');
  });

  it('deletes the connection after confirming', async () => {
    await rows().filter({ hasText: 'Alpaca paper desk' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No broker connections yet.').waitFor(SETTLED);
    expect(await rows().count()).toBe(0);
  });

  it('never received the secret or the full key id in any answer', async () => {
    const received = await Promise.all(bodies);
    expect(received.length).toBeGreaterThan(10);
    for (const body of received) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(keyId);
    }
    expect(await page.content()).not.toContain(secret);
  });

  it('shows a plan without broker connections the API’s plan_required message, and no form', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const other = await context.newPage();
      await signIn(other, STARTER_EMAIL);
      const message = other.getByTestId('brokers-plan');
      await message.waitFor(SETTLED);
      expect(await message.textContent()).toMatch(/^Your plan \(Starter\) does not include brokers\./);
      expect(await other.getByRole('button', { name: 'Link account' }).count()).toBe(0);
      await other.screenshot({ path: `${SHOTS}/brokers-plan-required.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('logged no page error and no Content-Security-Policy violation', () => {
    expect(problems).toEqual([]);
  });
});
