import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { BulkTable, ColumnType } from './bulk-upsert.js';
import type { WriteCounts } from './types.js';

/** Rows per piece of COPY data handed to the socket: bounds memory, keeps write calls few. */
const COPY_CHUNK_ROWS = 8_192;

/** Binary COPY header: signature, flags, header-extension length. */
const HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** Binary COPY trailer: a field count of -1. */
const TRAILER = Buffer.from([0xff, 0xff]);

/**
 * Writes `text` as UTF-8 at `offset`, answering the byte count. Short ASCII strings (dates, tickers,
 * sources) go byte by byte: cheaper than a Buffer.write call each.
 */
function writeText(buf: Buffer, offset: number, text: string): number {
  const n = text.length;
  if (n <= 64) {
    let i = 0;
    for (; i < n; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) break;
      buf[offset + i] = code;
    }
    if (i === n) return n;
  }
  return buf.write(text, offset, 'utf8');
}

const TYPE_CODE: Readonly<Record<ColumnType, number>> = { text: 0, float8: 1, int8: 2, int4: 3 };

/**
 * COPY BINARY data of `rows` (values in `columns` order), in pieces of COPY_CHUNK_ROWS rows. Binary rather
 * than text: a double travels as its 8 IEEE bytes, so it round-trips exactly (no decimal conversion on
 * either side, -0 included), and the server skips parsing. Numbers must be finite (the writers check);
 * int8 values are safe integers. Text is written as UTF-8 straight into the piece (no per-value buffers).
 */
function* copyBinary(
  columns: readonly { readonly type: ColumnType }[],
  rows: readonly (readonly unknown[])[],
): Generator<Buffer> {
  yield HEADER;
  const width = columns.length;
  const codes = columns.map((c) => TYPE_CODE[c.type]);
  for (let start = 0; start < rows.length; start += COPY_CHUNK_ROWS) {
    const end = Math.min(rows.length, start + COPY_CHUNK_ROWS);
    // Upper bound of the piece: 2 bytes per row, 4 + 8 per field, 3 bytes per UTF-16 unit of text.
    let size = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r] as readonly unknown[];
      size += 2 + 12 * width;
      for (let c = 0; c < width; c++) {
        const v = row[c];
        if (codes[c] === 0 && v !== null && v !== undefined) size += 3 * String(v).length;
      }
    }
    const buf = Buffer.allocUnsafe(size);
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let o = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r] as readonly unknown[];
      view.setInt16(o, width);
      o += 2;
      for (let c = 0; c < width; c++) {
        const v = row[c];
        if (v === null || v === undefined) {
          view.setInt32(o, -1);
          o += 4;
          continue;
        }
        switch (codes[c]) {
          case 0: {
            const n = writeText(buf, o + 4, String(v));
            view.setInt32(o, n);
            o += 4 + n;
            break;
          }
          case 1:
            view.setInt32(o, 8);
            view.setFloat64(o + 4, v as number);
            o += 12;
            break;
          case 2:
            view.setInt32(o, 8);
            view.setBigInt64(o + 4, BigInt(v as number));
            o += 12;
            break;
          default:
            view.setInt32(o, 4);
            view.setInt32(o + 4, v as number);
            o += 8;
        }
      }
    }
    yield buf.subarray(0, o);
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
