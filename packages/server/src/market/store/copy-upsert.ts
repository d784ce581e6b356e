import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { BulkTable, ColumnType } from './bulk-upsert.js';
import type { WriteCounts } from './types.js';

/** Rows per piece of COPY data handed to the socket: bounds memory, keeps write calls few. */
export const COPY_CHUNK_ROWS = 8_192;

/** Binary COPY header: signature, flags, header-extension length. */
const HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** Binary COPY trailer: a field count of -1. */
const TRAILER = Buffer.from([0xff, 0xff]);
const FIXED_WIDTH: Readonly<Record<Exclude<ColumnType, 'text'>, number>> = { float8: 8, int8: 8, int4: 4 };

/**
 * COPY BINARY data of `rows` (values in `columns` order), in pieces of COPY_CHUNK_ROWS rows. Binary rather
 * than text: a double travels as its 8 IEEE bytes, so it round-trips exactly (no decimal conversion on
 * either side, -0 included), and the server skips parsing. Numbers must be finite (the writers check);
 * int8 values are safe integers. A text value is UTF-8; a repeated one (ticker, source) is encoded once.
 */
export function* copyBinary(
  columns: readonly { readonly type: ColumnType }[],
  rows: readonly (readonly unknown[])[],
): Generator<Buffer> {
  yield HEADER;
  const width = columns.length;
  const lastText: unknown[] = new Array(width).fill(undefined);
  const lastBytes: Buffer[] = new Array(width).fill(Buffer.alloc(0));
  const bytesOf = (c: number, v: unknown): Buffer => {
    if (v !== lastText[c]) {
      lastText[c] = v;
      lastBytes[c] = Buffer.from(String(v), 'utf8');
    }
    return lastBytes[c] as Buffer;
  };
  for (let start = 0; start < rows.length; start += COPY_CHUNK_ROWS) {
    const end = Math.min(rows.length, start + COPY_CHUNK_ROWS);
    let size = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r] as readonly unknown[];
      size += 2;
      for (let c = 0; c < width; c++) {
        const v = row[c];
        const type = (columns[c] as { type: ColumnType }).type;
        size += 4;
        if (v === null || v === undefined) continue;
        size += type === 'text' ? bytesOf(c, v).length : FIXED_WIDTH[type];
      }
    }
    const buf = Buffer.allocUnsafe(size);
    let o = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r] as readonly unknown[];
      o = buf.writeInt16BE(width, o);
      for (let c = 0; c < width; c++) {
        const v = row[c];
        if (v === null || v === undefined) {
          o = buf.writeInt32BE(-1, o);
          continue;
        }
        switch ((columns[c] as { type: ColumnType }).type) {
          case 'text': {
            const bytes = bytesOf(c, v);
            o = buf.writeInt32BE(bytes.length, o);
            o += bytes.copy(buf, o);
            break;
          }
          case 'float8':
            o = buf.writeInt32BE(8, o);
            o = buf.writeDoubleBE(v as number, o);
            break;
          case 'int8':
            o = buf.writeInt32BE(8, o);
            o = buf.writeBigInt64BE(BigInt(v as number), o);
            break;
          case 'int4':
            o = buf.writeInt32BE(4, o);
            o = buf.writeInt32BE(v as number, o);
            break;
        }
      }
    }
    yield buf;
  }
  yield TRAILER;
}

/** One COPY of `rows` into `into` (the table itself or its staging table), in binary format. */
async function copyRows(
  client: pg.ClientBase,
  into: string,
  table: BulkTable,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const names = table.columns.map((c) => c.name).join(', ');
  await pipeline(
    Readable.from(copyBinary(table.columns, rows), { objectMode: false }),
    client.query(copyStreams.from(`copy ${into} (${names}) from stdin (format binary)`)),
  );
}

/**
 * Appends `rows` (values in `table.columns` order) to `table` with one COPY. The caller knows that none of
 * their keys exists (it read the stored keys under the ticker's lock); a duplicate fails the statement,
 * and with it the transaction.
 */
export async function copyInsert(
  client: pg.ClientBase,
  table: BulkTable,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  await copyRows(client, table.name, table, rows);
}

/** The session's staging table of `table`: temporary, same columns, emptied by every merge and commit. */
function stageName(table: BulkTable): string {
  return `bw_stage_${table.name}`;
}

/**
 * Upserts `rows` (values in `table.columns` order, keys unique) on PostgreSQL with COPY: the rows are
 * copied into a session-local temporary staging table, then merged into `table` by one statement that
 * inserts new keys, updates rows whose non-key values differ (`is distinct from`) and leaves identical
 * rows alone. It answers exact counts: `xmax = 0` marks a row the merge inserted, any other returned row
 * was updated, and rows not returned were unchanged. Must run inside the caller's transaction on `client`
 * (the staging table is `on commit delete rows`, and the merge empties it, so it is always empty between
 * calls; a rollback also discards what was staged).
 */
export async function copyUpsert(
  client: pg.ClientBase,
  table: BulkTable,
  rows: readonly (readonly unknown[])[],
): Promise<WriteCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const stage = stageName(table);
  const names = table.columns.map((c) => c.name);
  const list = names.join(', ');
  const others = names.filter((n) => !table.key.includes(n));
  // Temporary tables live as long as the pooled connection: created once, reused by every transaction.
  await client.query(
    `create temp table if not exists ${stage} (${table.columns.map((c) => `${c.name} ${c.type}`).join(', ')}) on commit delete rows`,
  );
  await copyRows(client, stage, table, rows);
  const action =
    others.length === 0
      ? 'do nothing'
      : `do update set ${others.map((n) => `${n} = excluded.${n}`).join(', ')}
         where (${others.map((n) => `${table.name}.${n}`).join(', ')}) is distinct from (${others.map((n) => `excluded.${n}`).join(', ')})`;
  const result = await client.query<{ inserted: string; updated: string }>(
    `with staged as (delete from ${stage} returning ${list}),
          merged as (
            insert into ${table.name} (${list}) select ${list} from staged
            on conflict (${table.key.join(', ')}) ${action}
            returning xmax = 0 as fresh)
     select count(*) filter (where fresh) as inserted, count(*) filter (where not fresh) as updated from merged`,
  );
  const row = result.rows[0] as { inserted: string; updated: string };
  const inserted = Number(row.inserted);
  const updated = Number(row.updated);
  return { inserted, updated, unchanged: rows.length - inserted - updated };
}
