import { Readable } from 'node:stream';
import { parser } from 'stream-json';

/** One fact of a companyfacts document as EDGAR gives it, with where it sits in the document. */
export interface CompanyFact {
  readonly taxonomy: string;
  readonly concept: string;
  readonly unit: string;
  /** The period's first day (durations) or null (balances at `end`). */
  readonly start: string | null;
  readonly end: string;
  readonly value: number;
  readonly accession: string;
  /** The reporting filing's own fiscal year and period (`FY`, `Q1`…), not necessarily the fact's. */
  readonly fy: number | null;
  readonly fp: string | null;
  readonly form: string;
  readonly filed: string;
}

export interface CompanyFacts {
  readonly cik: number | null;
  readonly entityName: string | null;
  readonly facts: CompanyFact[];
  /** Facts of wanted concepts that lacked a readable date, value, accession or form (left out). */
  readonly unreadable: number;
}

type Token = { name: string; value?: string };
type Frame = { array: boolean; key: string | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function fact(path: readonly string[], f: Record<string, string | number | null>): CompanyFact | undefined {
  const [taxonomy, concept, unit] = path as [string, string, string];
  const { start, end, val, accn, fy, fp, form, filed } = f;
  if (typeof end !== 'string' || !DATE.test(end) || typeof filed !== 'string' || !DATE.test(filed))
    return undefined;
  if (
    typeof val !== 'number' ||
    !Number.isFinite(val) ||
    typeof accn !== 'string' ||
    typeof form !== 'string'
  )
    return undefined;
  if (
    start !== undefined &&
    start !== null &&
    (typeof start !== 'string' || !DATE.test(start) || start > end)
  )
    return undefined;
  return {
    taxonomy,
    concept,
    unit,
    start: typeof start === 'string' ? start : null,
    end,
    value: val,
    accession: accn,
    fy: typeof fy === 'number' && Number.isInteger(fy) ? fy : null,
    fp: typeof fp === 'string' ? fp : null,
    form,
    filed,
  };
}

/**
 * Reads a companyfacts document (`{cik, entityName, facts: {<taxonomy>: {<concept>: {label, description,
 * units: {<unit>: [fact, …]}}}}}`) as it streams, keeping only the facts of the concepts `wanted` names:
 * memory is bounded by those facts, not by the document (Apple's is ~4 MB, 500 concepts, of which a
 * dozen are read). A body that is not JSON or ends early rejects with the parser's error.
 */
export async function readCompanyFacts(
  body: Readable | AsyncIterable<Uint8Array>,
  wanted: (taxonomy: string, concept: string, unit: string) => boolean,
): Promise<CompanyFacts> {
  const tokens = (body instanceof Readable ? body : Readable.from(body)).pipe(
    parser.asStream({ streamValues: false }),
  );
  const stack: Frame[] = [];
  const facts: CompanyFact[] = [];
  let cik: number | null = null;
  let entityName: string | null = null;
  let unreadable = 0;
  let closed = false;
  // The fact being read: its path (taxonomy, concept, unit), its fields, and the depth of any container
  // inside it (none is expected; one is skipped).
  let reading: { path: string[]; fields: Record<string, string | number | null>; nested: number } | undefined;
  const scalar = (value: string | number | null) => {
    const top = stack.at(-1);
    if (reading !== undefined && reading.nested === 0 && top?.key != null) reading.fields[top.key] = value;
    else if (stack.length === 1 && top?.key === 'cik' && typeof value === 'number') cik = value;
    else if (stack.length === 1 && top?.key === 'entityName' && typeof value === 'string') entityName = value;
  };
  for await (const token of tokens as AsyncIterable<Token>) {
    switch (token.name) {
      case 'keyValue': {
        const top = stack.at(-1);
        if (top !== undefined) top.key = token.value ?? '';
        break;
      }
      case 'startObject':
      case 'startArray': {
        if (reading !== undefined) reading.nested++;
        else if (
          token.name === 'startObject' &&
          stack.length === 6 &&
          stack[0]?.key === 'facts' &&
          stack[3]?.key === 'units' &&
          stack[5]?.array === true
        ) {
          const path = [stack[1]?.key ?? '', stack[2]?.key ?? '', stack[4]?.key ?? ''];
          if (wanted(path[0] as string, path[1] as string, path[2] as string))
            reading = { path, fields: {}, nested: 0 };
        }
        stack.push({ array: token.name === 'startArray', key: null });
        break;
      }
      case 'endObject':
      case 'endArray': {
        stack.pop();
        if (reading !== undefined) {
          if (reading.nested > 0) reading.nested--;
          else {
            const f = fact(reading.path, reading.fields);
            if (f === undefined) unreadable++;
            else facts.push(f);
            reading = undefined;
          }
        }
        if (stack.length === 0) closed = true;
        break;
      }
      case 'stringValue':
        scalar(token.value ?? '');
        break;
      case 'numberValue':
        scalar(Number(token.value));
        break;
      case 'nullValue':
        scalar(null);
        break;
      default:
        break;
    }
  }
  if (!closed) throw new SyntaxError('the companyfacts document ended before its last brace');
  return { cik, entityName, facts, unreadable };
}
