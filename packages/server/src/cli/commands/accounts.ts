import type { Command } from 'commander';
import { iso } from '../../clock/iso.js';
import type { AccountRecord } from '../../db/records.js';
import { createOutput, table } from '../output.js';
import { withPlatform } from '../with-platform.js';

function accountView(a: AccountRecord) {
  return {
    id: a.id,
    name: a.name,
    plan_id: a.plan_id,
    overrides: a.overrides,
    created_at: iso(a.created_at),
  };
}

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

const FAILURES: Record<string, string> = {
  unknown_plan: 'no such plan (see `bellwether plans list`)',
  email_taken: 'a user with that email already exists',
  invalid_email: 'that is not a valid email address',
  weak_password: 'passwords must be at least 12 characters',
  not_found: 'no such account',
};

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('customer accounts and their plans');
  accounts
    .command('create')
    .description('create an account with its first dashboard user')
    .requiredOption('--name <name>', 'account / user name')
    .requiredOption('--email <email>', 'dashboard sign-in email')
    .option('--plan <plan>', 'plan id (omit for an account without a plan)')
    .option('--password', 'read a dashboard password from standard input (first line)')
    .option('--json', 'JSON output')
    .action(
      async (opts: { name: string; email: string; plan?: string; password?: boolean; json?: boolean }) => {
        const out = createOutput(opts.json === true);
        const password = opts.password === true ? await readPasswordFromStdin() : undefined;
        await withPlatform(
          async (p) => {
            const r = await p.accounts.create({
              name: opts.name,
              email: opts.email,
              plan_id: opts.plan ?? null,
              ...(password === undefined ? {} : { password }),
            });
            if (!r.ok) return out.fail(r.reason, FAILURES[r.reason] ?? r.reason);
            out.result(
              { ...accountView(r.account), user_id: r.user.id },
              `Account ${r.account.id} created (plan: ${r.account.plan_id ?? 'none'}).`,
            );
          },
          { creates: true },
        );
      },
    );
  accounts
    .command('set-plan <account_id> <plan>')
    .description(
      'change an account plan ("none" removes it); effective on every instance before this returns',
    )
    .option('--json', 'JSON output')
    .action(async (accountId: string, plan: string, opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        const r = await p.accounts.setPlan(accountId, plan === 'none' ? null : plan);
        if (!r.ok) return out.fail(r.reason, FAILURES[r.reason] ?? r.reason);
        out.result(
          accountView(r.account),
          `Account ${accountId} is now on plan ${r.account.plan_id ?? 'none'}.`,
        );
      });
    });
  accounts
    .command('set-quota <account_id>')
    .description('set a dedicated quota for an account (enterprise)')
    .requiredOption('--amount <n>', 'requests per window', (v) => Number.parseInt(v, 10))
    .requiredOption('--window <window>', 'hour or month')
    .option('--json', 'JSON output')
    .action(async (accountId: string, opts: { amount: number; window: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      if (
        !Number.isInteger(opts.amount) ||
        opts.amount < 1 ||
        (opts.window !== 'hour' && opts.window !== 'month')
      ) {
        return out.fail(
          'invalid_arguments',
          '--amount must be a positive integer and --window hour or month',
        );
      }
      const window = opts.window;
      await withPlatform(async (p) => {
        const account = await p.storage.accounts.get(accountId);
        if (account === undefined) return out.fail('not_found', FAILURES.not_found as string);
        // Per-account quotas are what "dedicated" plans sell; other plans' quotas are the catalogue's.
        const plan = account.plan_id === null ? undefined : p.plans.get(account.plan_id);
        if (plan?.quota.dedicated !== true) {
          const dedicated = p.plans.plans.filter((x) => x.quota.dedicated === true).map((x) => x.id);
          return out.fail(
            'plan_not_dedicated',
            `account ${accountId} is on plan ${account.plan_id ?? 'none'}, whose quota is fixed by the plan catalogue; set-quota applies to plans with a dedicated quota (${dedicated.join(', ') || 'none in this catalogue'}). Change the plan first with \`bellwether accounts set-plan\`.`,
          );
        }
        const r = await p.accounts.setOverrides(accountId, {
          ...account.overrides,
          quota_amount: opts.amount,
          quota_window: window,
        });
        if (!r.ok) return out.fail(r.reason, FAILURES[r.reason] ?? r.reason);
        out.result(
          accountView(r.account),
          `Account ${accountId}: ${opts.amount} requests per ${window} per key.`,
        );
      });
    });
  accounts
    .command('list')
    .description('list accounts')
    .option('--json', 'JSON output')
    .action(async (opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        const list = (await p.storage.accounts.list()).map(accountView);
        out.result(
          { accounts: list },
          table(
            ['ID', 'NAME', 'PLAN', 'CREATED'],
            list.map((a) => [a.id, a.name, a.plan_id ?? '-', a.created_at]),
          ),
        );
      });
    });
}
