/**
 * Issue #23, sign-in throttling: a known email got 429 after 100 failures while an unknown one got 401
 * forever (telling who has an account); the owner was locked out for up to an hour; 50 parallel attempts
 * evaluated 146 guesses against a limit of 100; nothing limited one address (84 argon2 sign-ins/s); and
 * Retry-After said 900 for a lock of up to 3,600 s. Now: leaky buckets per address, per email and per
 * (email, address), taken atomically before the password is checked, identical for unknown emails, a
 * back-off with an exact Retry-After (ADR 0065). Both modes.
 *
 * Issue #42: once an email's 100-failure bucket was full, one guess per drained slot kept it full, and
 * the owner got in once in 26 tries over 390 s. An address that has signed in to the email before is
 * now not held back by the email's bucket (ADR 0083).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, signInBuckets } from '../../src/dashboard/sign-in-throttle.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

describe.each(MODES)('sign-in throttling (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  const signIn = (email: string, password: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
  const account = async (email: string) => {
    const r = await server.platform.accounts.create({
      name: email,
      email,
      plan_id: 'growth',
      password: PASSWORD,
    });
    if (!r.ok) throw new Error(r.reason);
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('throttles an unknown email exactly like a known one, with the same answers', async () => {
    await account('known@example.test');
    const seen: Record<string, { statuses: number[]; last: Record<string, unknown>; retry: string }> = {};
    for (const [email, address] of [
      ['known@example.test', '10.1.0.1'],
      ['unknown@example.test', '10.1.0.2'],
    ] as const) {
      const statuses: number[] = [];
      let last = { statusCode: 0, headers: {}, body: '{}' } as Awaited<ReturnType<typeof signIn>>;
      for (let i = 0; i <= SIGN_IN_LIMITS.pair.capacity; i++) {
        last = await signIn(email, 'a wrong password', address);
        statuses.push(last.statusCode);
      }
      const body = expectProblem(last, 429, 'too_many_attempts');
      seen[email] = { statuses, last: body, retry: String(last.headers['retry-after']) };
    }
    const known = seen['known@example.test'];
    const unknown = seen['unknown@example.test'];
    expect(known?.statuses).toEqual([...Array(SIGN_IN_LIMITS.pair.capacity).fill(401), 429]);
    expect(unknown?.statuses).toEqual(known?.statuses);
    expect(unknown?.last.detail).toBe(known?.last.detail);
    // The wait is what is left of the minute in which one attempt drains from the (email, address)
    // bucket (the attempts above took a moment), not a fixed lock of a quarter of an hour.
    for (const retry of [known?.retry, unknown?.retry]) {
      expect(Number(retry)).toBeGreaterThan(SIGN_IN_LIMITS.pair.drain_ms / 1000 - 10);
      expect(Number(retry)).toBeLessThanOrEqual(SIGN_IN_LIMITS.pair.drain_ms / 1000);
    }
  });

  it('does not lock the owner out: another address still signs in while one address is throttled', async () => {
    await account('owner@example.test');
    for (let i = 0; i < SIGN_IN_LIMITS.pair.capacity; i++)
      expectProblem(await signIn('owner@example.test', 'guess', '10.2.0.1'), 401, 'invalid_credentials');
    expectProblem(await signIn('owner@example.test', PASSWORD, '10.2.0.1'), 429, 'too_many_attempts');
    expect((await signIn('owner@example.test', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('evaluates no more guesses than the bucket holds when 50 arrive at once (it evaluated 146 of 100)', async () => {
    await account('parallel@example.test');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => signIn('parallel@example.test', 'guess', '10.3.0.1')),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(SIGN_IN_LIMITS.pair.capacity);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50 - SIGN_IN_LIMITS.pair.capacity);
  });

  it('limits every attempt from one address, whatever the email (it allowed 84 argon2 sign-ins a second)', async () => {
    const n = SIGN_IN_LIMITS.address.capacity + 10;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => signIn(`spray-${i}@example.test`, 'guess', '10.4.0.1')),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(SIGN_IN_LIMITS.address.capacity);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expectProblem(r, 429, 'too_many_attempts');
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_LIMITS.address.drain_ms / 1000);
    }
    // Another address is unaffected.
    expectProblem(await signIn('another@example.test', 'guess', '10.4.0.2'), 401, 'invalid_credentials');
  });

  it('slows guesses on one email from many addresses once its whole bucket is full', async () => {
    await account('target@example.test');
    // Fill the email's bucket as guesses from many addresses would (all but one attempt).
    const { failures } = signInBuckets('target@example.test', '10.5.0.1');
    const emailBucket = failures.find((b) => b.subject.startsWith('email:'));
    if (emailBucket === undefined) throw new Error('no email bucket');
    for (let i = 0; i < SIGN_IN_LIMITS.email.capacity - 1; i++)
      expect((await server.platform.storage.signInThrottle.take([emailBucket], Date.now())).ok).toBe(true);
    expectProblem(await signIn('target@example.test', 'guess', '10.5.0.9'), 401, 'invalid_credentials');
    const slowed = await signIn('target@example.test', PASSWORD, '10.5.0.10');
    expectProblem(slowed, 429, 'too_many_attempts');
    const retry = Number(slowed.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(SIGN_IN_LIMITS.email.drain_ms / 1000);
  });

  it('gives back a successful attempt: signing in many times from one address is never throttled by the email', async () => {
    await account('daily@example.test');
    for (let i = 0; i < SIGN_IN_LIMITS.pair.capacity + 5; i++)
      expect((await signIn('daily@example.test', PASSWORD, `10.6.0.${i + 1}`)).statusCode).toBe(200);
  });

  it('lets the owner in from an address they signed in from before while guesses keep the email’s bucket full (1 in 26 tries got in)', async () => {
    await account('kept@example.test');
    // The owner signed in from home once.
    expect((await signIn('kept@example.test', PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    // Guesses from elsewhere fill the email's whole bucket, and one more is held back.
    const { failures } = signInBuckets('kept@example.test', '10.7.9.9');
    const emailBucket = failures.find((b) => b.subject.startsWith('email:'));
    if (emailBucket === undefined) throw new Error('no email bucket');
    for (let i = 0; i < SIGN_IN_LIMITS.email.capacity; i++)
      expect((await server.platform.storage.signInThrottle.take([emailBucket], Date.now())).ok).toBe(true);
    expectProblem(await signIn('kept@example.test', 'guess', '10.7.9.9'), 429, 'too_many_attempts');
    // The owner at home gets in, every time, and a typo there is answered, not held back.
    expectProblem(await signIn('kept@example.test', 'typo', '10.7.0.1'), 401, 'invalid_credentials');
    for (let i = 0; i < 3; i++)
      expect((await signIn('kept@example.test', PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    // From an address never used, it is still a back-off (ADR 0065).
    expectProblem(await signIn('kept@example.test', PASSWORD, '10.7.0.2'), 429, 'too_many_attempts');
    // Guesses from the owner's address are still held by its own buckets (the typo took one).
    for (let i = 0; i < SIGN_IN_LIMITS.pair.capacity - 1; i++)
      expectProblem(await signIn('kept@example.test', 'guess', '10.7.0.1'), 401, 'invalid_credentials');
    expectProblem(await signIn('kept@example.test', 'guess', '10.7.0.1'), 429, 'too_many_attempts');
  });
});
