/**
 * Replays issue #23's low findings on what a connection is shown: `/metrics` answered anyone when the
 * server listened on 0.0.0.0; no Strict-Transport-Security behind TLS; Swagger UI at `/docs` had no
 * Content-Security-Policy (ADR 0062).
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_CONFIG, type HttpConfig } from '../../src/config/config.js';
import { Deployment, type Instance } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOKEN = 'metrics-token-0123456789abcdef';

async function start(http: Partial<HttpConfig>): Promise<{ deployment: Deployment; server: Instance }> {
  const deployment = await Deployment.create('embedded', { http: { ...DEFAULT_HTTP_CONFIG, ...http } });
  return { deployment, server: await deployment.start() };
}

function get(server: Instance, url: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, remoteAddress, headers });
}

describe('/metrics without a token', () => {
  let ctx: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    ctx = await start({});
  });
  afterAll(async () => {
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('answers a client on this machine', async () => {
    const res = await get(ctx.server, '/metrics', '127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('bellwether_');
    expect((await get(ctx.server, '/metrics', '::1')).statusCode).toBe(200);
  });

  it('refuses any other address, and a request a local proxy forwarded', async () => {
    for (const res of [
      await get(ctx.server, '/metrics', '203.0.113.5'),
      await get(ctx.server, '/metrics', '10.1.2.3'),
      await get(ctx.server, '/metrics', '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }),
    ]) {
      expectProblem(res, 401, 'metrics_token_required');
      expect(res.body).not.toContain('bellwether_process');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    }
  });
});

describe('/metrics with a token', () => {
  let ctx: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    ctx = await start({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('answers the token from anywhere and refuses everything else, loopback included', async () => {
    expect(
      (await get(ctx.server, '/metrics', '203.0.113.5', { authorization: `Bearer ${TOKEN}` })).statusCode,
    ).toBe(200);
    expectProblem(await get(ctx.server, '/metrics', '203.0.113.5'), 401, 'metrics_token_required');
    expectProblem(
      await get(ctx.server, '/metrics', '203.0.113.5', { authorization: `Bearer ${TOKEN}x` }),
      401,
      'metrics_token_required',
    );
    expectProblem(await get(ctx.server, '/metrics', '127.0.0.1'), 401, 'metrics_token_required');
  });
});

describe('Strict-Transport-Security', () => {
  let ctx: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    ctx = await start({ trustProxy: ['10.0.0.1'] });
  });
  afterAll(async () => {
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('is sent when a trusted proxy says the request came over TLS', async () => {
    for (const url of ['/healthz', '/api/v1/session', '/dashboard/api/me']) {
      const res = await get(ctx.server, url, '10.0.0.1', { 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is not sent over plain HTTP, nor on an untrusted X-Forwarded-Proto', async () => {
    expect(
      (await get(ctx.server, '/healthz', '10.0.0.1')).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await get(ctx.server, '/healthz', '10.0.0.1', { 'x-forwarded-proto': 'http' })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    expect(
      (await get(ctx.server, '/healthz', '203.0.113.5', { 'x-forwarded-proto': 'https' })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
  });
});

describe('/docs Content-Security-Policy', () => {
  let ctx: Awaited<ReturnType<typeof start>>;
  let browser: Browser | undefined;
  beforeAll(async () => {
    ctx = await start({});
  });
  afterAll(async () => {
    await browser?.close();
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('is strict on Swagger UI and its assets, and on the error pages', async () => {
    for (const url of ['/docs', '/docs/static/swagger-initializer.js']) {
      const csp = String((await get(ctx.server, url, '127.0.0.1')).headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
    }
    for (const url of ['/docs/errors', '/docs/errors/invalid_token'])
      expect((await get(ctx.server, url, '127.0.0.1')).headers['content-security-policy'], url).toContain(
        "default-src 'none'",
      );
  });

  it('still lets Swagger UI render the reference in Chromium, with no violation', async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install chromium`);
    const base = await ctx.server.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.text().startsWith('csp-violation')) problems.push(m.text());
    });
    // Runs in the page (a string: this file is type-checked without the DOM library).
    await page.addInitScript({
      content:
        "document.addEventListener('securitypolicyviolation', (e) => console.log('csp-violation ' + e.violatedDirective + ' ' + e.blockedURI));",
    });
    const res = await page.goto(`${base}/docs`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    // Expanding an operation renders its parameters and schemas.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
  }, 60_000);
});
