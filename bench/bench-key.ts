import type { Platform } from '@bellwether/server';

/**
 * An enterprise account whose limits no benchmark reaches (`burst` requests a second, a billion a quota
 * window) and its API key: what each benchmark calls the service with.
 */
export async function benchKey(
  platform: Platform,
  options: { readonly email?: string; readonly burst?: number } = {},
): Promise<string> {
  const acct = await platform.accounts.create({
    name: 'Bench',
    email: options.email ?? 'bench@example.test',
    plan_id: 'enterprise',
  });
  if (!acct.ok) throw new Error(acct.reason);
  await platform.accounts.setOverrides(acct.account.id, {
    burst_limit: options.burst ?? 1_000_000,
    quota_amount: 1_000_000_000,
  });
  const k = await platform.keys.create(acct.account.id, 'bench');
  if (!k.ok) throw new Error(k.reason);
  return k.key;
}
