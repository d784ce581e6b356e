import { parseAll, TextLines } from './text-lines.js';
import { parseInstant } from './timestamp.js';
import type { IngestError, ParseOutcome } from './types.js';

export interface NewsItem {
  readonly id: string;
  /** ISO 8601 UTC (`2021-03-01T14:30:00.000Z`), normalised from the file's offset. */
  readonly published_at: string;
  readonly source: string;
  readonly headline: string;
  /** `summary`, or `body` when the file calls it that; omitted when neither is given. */
  readonly summary?: string;
  readonly url?: string;
  /** Upper-cased tickers the item is about (may be empty). */
  readonly tickers: readonly string[];
}

export interface NewsParseResult extends ParseOutcome {
  /** Ascending by published_at (file order among equal instants); identical duplicate ids collapsed. */
  readonly items: readonly NewsItem[];
}

type Json = Record<string, unknown>;

function text(
  o: Json,
  key: string,
  line: number,
  errors: IngestError[],
  required: boolean,
): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (required) errors.push({ line, column: key, message: `missing ${key}` });
    return undefined;
  }
  if (typeof v !== 'string' || (required && v.trim() === '')) {
    errors.push({ line, column: key, message: `${key} must be a non-empty string` });
    return undefined;
  }
  return v;
}

function sameItem(a: NewsItem, b: NewsItem): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * News as NDJSON, one object per line: `id`, `published_at` (ISO 8601 with offset, or epoch ms), `source`,
 * `headline` required; `summary` or `body`, `url` (http/https) and `tickers` (array of strings) optional.
 * The same id twice with different content is an error.
 */
function createNewsParser(): { push(chunk: string): void; finish(): NewsParseResult } {
  const errors: IngestError[] = [];
  const rows: { item: NewsItem; line: number }[] = [];
  let records = 0;
  const lines = new TextLines((raw, line) => {
    records++;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch (e) {
      errors.push({ line, message: `invalid JSON: ${(e as Error).message}` });
      return;
    }
    if (typeof o !== 'object' || o === null || Array.isArray(o)) {
      errors.push({ line, message: 'each line must be a JSON object' });
      return;
    }
    const obj = o as Json;
    const before = errors.length;
    const idValue = obj['id'];
    const id =
      typeof idValue === 'number' && Number.isInteger(idValue)
        ? String(idValue)
        : text(obj, 'id', line, errors, true);
    let published: string | undefined;
    const p = obj['published_at'];
    const ms =
      typeof p === 'string' ? parseInstant(p) : typeof p === 'number' && Number.isInteger(p) ? p : Number.NaN;
    if (Number.isNaN(ms)) {
      errors.push({
        line,
        column: 'published_at',
        message: 'published_at must be an ISO 8601 timestamp with an offset',
      });
    } else published = new Date(ms).toISOString();
    const source = text(obj, 'source', line, errors, true);
    const headline = text(obj, 'headline', line, errors, true);
    const summary = text(obj, 'summary', line, errors, false) ?? text(obj, 'body', line, errors, false);
    const url = text(obj, 'url', line, errors, false);
    if (url !== undefined && !/^https?:\/\/\S+$/i.test(url)) {
      errors.push({ line, column: 'url', message: 'url must be an http(s) URL' });
    }
    const t = obj['tickers'];
    let tickers: string[] = [];
    if (t !== undefined && t !== null) {
      if (!Array.isArray(t) || !t.every((x) => typeof x === 'string' && x.trim() !== '')) {
        errors.push({ line, column: 'tickers', message: 'tickers must be an array of non-empty strings' });
      } else tickers = t.map((x: string) => x.trim().toUpperCase());
    }
    if (
      errors.length !== before ||
      id === undefined ||
      published === undefined ||
      source === undefined ||
      headline === undefined
    ) {
      return;
    }
    rows.push({
      item: {
        id,
        published_at: published,
        source,
        headline,
        ...(summary === undefined ? {} : { summary }),
        ...(url === undefined ? {} : { url }),
        tickers,
      },
      line,
    });
  });
  return {
    push: (chunk) => lines.push(chunk),
    finish(): NewsParseResult {
      lines.end();
      const byId = new Map<string, { item: NewsItem; line: number }>();
      const items: NewsItem[] = [];
      const conflicted = new Set<string>();
      for (const r of rows) {
        const seen = byId.get(r.item.id);
        if (seen === undefined) {
          byId.set(r.item.id, r);
          items.push(r.item);
        } else if (!sameItem(seen.item, r.item)) {
          conflicted.add(r.item.id);
          errors.push({
            line: r.line,
            column: 'id',
            message: `duplicate id ${r.item.id} with content different from line ${seen.line}; every item with that id is left out`,
          });
        }
      }
      const kept = items.filter((i) => !conflicted.has(i.id));
      kept.sort((a, b) => (a.published_at < b.published_at ? -1 : a.published_at > b.published_at ? 1 : 0));
      errors.sort((a, b) => a.line - b.line);
      return { items: kept, records, errors };
    },
  };
}

/** Parse a whole file (a string or an iterable of chunks); see createNewsParser. */
export function parseNews(input: string | Iterable<string>): NewsParseResult {
  return parseAll(createNewsParser(), input);
}
