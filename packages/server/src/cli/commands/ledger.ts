import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { auditStoredRecord } from '../../cards/ledger/audit-stored-record.js';
import { type LedgerVerdict, verifyLedger } from '../../cards/ledger/verify-ledger.js';
import type { LedgerEntry } from '../../db/card-ledger.js';
import { createOutput } from '../output.js';
import { withPlatform } from '../with-platform.js';

const PAGE = 5000;

/** NDJSON entries of a copy (as `ledger export` writes it, or the API's pages' entries one per line). */
async function* readCopy(file: string): AsyncGenerator<LedgerEntry> {
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line) as LedgerEntry;
    } catch {
      throw new Error(`line ${n} of ${file} is not a JSON ledger entry`);
    }
  }
}

function report(verdict: LedgerVerdict, out: ReturnType<typeof createOutput>): void {
  if (!verdict.ok) {
    out.fail(
      'ledger_invalid',
      `entry ${verdict.seq}${verdict.ref === null ? '' : ` (${verdict.ref})`}: ${verdict.problem}`,
    );
    return;
  }
  out.result(
    verdict,
    `Ledger verified: ${verdict.entries} entries (${verdict.publications} publications, ${verdict.late_publications} of them late; ${verdict.cards} cards; ${verdict.outcomes} outcomes), head ${verdict.head.seq} ${verdict.head.hash}.`,
  );
}

/** `bellwether ledger verify|export`: the cards' hash-chained track record (docs/signals/ledger.md). */
export function registerLedger(program: Command): void {
  const ledger = program
    .command('ledger')
    .description("the cards' append-only, hash-chained track record: verify it or export a copy");

  ledger
    .command('verify')
    .description(
      'check the ledger end to end and that every card and outcome served matches it (or check a copy with --file)',
    )
    .option('--file <path>', 'verify a copy (NDJSON, one entry per line) instead of this store')
    .option('--json', 'JSON output')
    .action(async (opts: { file?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      if (opts.file !== undefined) {
        try {
          report(await verifyLedger(readCopy(opts.file)), out);
        } catch (err) {
          out.fail('invalid_arguments', (err as Error).message);
        }
        return;
      }
      await withPlatform(async (p) => report(await auditStoredRecord(p.storage), out));
    });

  ledger
    .command('export')
    .description('write the ledger to stdout as NDJSON (one entry per line), for a copy to keep or verify')
    .option('--after <seq>', 'only entries after this sequence number', '0')
    .action(async (opts: { after: string }) => {
      const out = createOutput(false);
      const after = Number(opts.after);
      if (!Number.isSafeInteger(after) || after < 0)
        return out.fail('invalid_arguments', '--after must be a sequence number (0 or more)');
      await withPlatform(async (p) => {
        for (let from = after; ; ) {
          const page = await p.storage.cards.ledger(from, PAGE);
          if (page.length > 0) process.stdout.write(`${page.map((e) => JSON.stringify(e)).join('\n')}\n`);
          if (page.length < PAGE) return;
          from = (page.at(-1) as LedgerEntry).seq;
        }
      });
    });
}
