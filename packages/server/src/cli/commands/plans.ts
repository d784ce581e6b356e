import type { Command } from 'commander';
import { loadPlans } from '../../platform/create-platform.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput, table } from '../output.js';

export function registerPlans(program: Command): void {
  program
    .command('plans')
    .description('the plan catalogue')
    .command('list')
    .description('list plans with their entitlements and limits')
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const plans = loadPlans(loadConfigOrExit().plansFile).plans;
      out.result(
        { plans },
        table(
          ['ID', 'NAME', 'SCHEME', 'PRICE', 'QUOTA', 'BURST', 'KEYS', 'ENTITLEMENTS'],
          plans.map((p) => [
            p.id,
            p.name,
            p.scheme,
            p.price === null
              ? 'contact'
              : `${(p.price.amount_cents / 100).toFixed(2)} ${p.price.currency}/${p.price.interval}`,
            `${p.quota.amount}/${p.quota.window}${p.quota.dedicated === true ? ' (dedicated)' : ''}`,
            `${p.burst.limit}/${p.burst.window_ms / 1000}s`,
            String(p.max_keys),
            p.entitlements.join(','),
          ]),
        ),
      );
    });
}
