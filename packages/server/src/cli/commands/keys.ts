import type { Command } from 'commander';
import { iso, isoOrNull } from '../../clock/iso.js';
import type { ApiKeyRecord } from '../../db/records.js';
import { createOutput, table } from '../output.js';
import { withPlatform } from '../with-platform.js';

/** Key metadata safe to print: never the digest. */
function keyView(k: ApiKeyRecord) {
  return {
    id: k.id,
    account_id: k.account_id,
    name: k.name,
    last4: k.last4,
    status: k.revoked_at === null ? 'active' : 'revoked',
    created_at: iso(k.created_at),
    rotated_at: isoOrNull(k.rotated_at),
    revoked_at: isoOrNull(k.revoked_at),
  };
}

const FAILURES: Record<string, string> = {
  account_not_found: 'no such account',
  no_plan: 'the account has no plan; set one with `bellwether accounts set-plan` before creating keys',
  key_limit_reached: 'the account already has as many active keys as its plan allows; revoke one first',
  not_found: 'no such key',
  revoked: 'the key is revoked and cannot be rotated; create a new one with `bellwether keys create`',
  already_revoked: 'the key was already revoked',
};

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('create, list, rotate and revoke API keys');
  keys
    .command('create')
    .description('create a key for an account; the key is printed once and never again')
    .requiredOption('--account <id>', 'account id (acc_…)')
    .option('--name <name>', 'label for the key', 'default')
    .option('--json', 'JSON output')
    .action(async (opts: { account: string; name: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        const r = await p.keys.create(opts.account, opts.name);
        if (!r.ok) return out.fail(r.reason, FAILURES[r.reason] ?? r.reason);
        out.result(
          { key: r.key, ...keyView(r.record) },
          `${r.key}\n\nKey ${r.record.id} created. This is the only time the key is shown; store it now.`,
        );
      });
    });
  keys
    .command('list')
    .description("list an account's keys (never the secrets)")
    .requiredOption('--account <id>', 'account id')
    .option('--json', 'JSON output')
    .action(async (opts: { account: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        if ((await p.storage.accounts.get(opts.account)) === undefined)
          return out.fail('account_not_found', `no such account: ${opts.account}`);
        const list = (await p.storage.apiKeys.listByAccount(opts.account)).map(keyView);
        out.result(
          { keys: list },
          table(
            ['ID', 'NAME', 'LAST4', 'STATUS', 'CREATED', 'ROTATED'],
            list.map((k) => [k.id, k.name, k.last4, k.status, k.created_at, k.rotated_at ?? '-']),
          ),
        );
      });
    });
  keys
    .command('rotate <key_id>')
    .description(
      'new secret for the key (same id and counters); the old secret stops working before this returns',
    )
    .option('--json', 'JSON output')
    .action(async (keyId: string, opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        const r = await p.keys.rotate(keyId);
        if (!r.ok) return out.fail(r.reason, FAILURES[r.reason] ?? r.reason);
        out.result(
          { key: r.key, ...keyView(r.record) },
          `${r.key}\n\nKey ${keyId} rotated; the previous secret no longer works. Store the new key now.`,
        );
      });
    });
  keys
    .command('revoke <key_id>')
    .description('revoke a key; effective before this returns')
    .option('--json', 'JSON output')
    .action(async (keyId: string, opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        const r = await p.keys.revoke(keyId);
        if (!r.ok) return out.fail(r.reason, FAILURES[r.reason] ?? r.reason);
        out.result(keyView(r.record), `Key ${keyId} revoked.`);
      });
    });
}
