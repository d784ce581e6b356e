/**
 * Finance-aware tokenizer shared by the lexicon, the feature extractor and the trainer.
 *
 * Lower-cases, replaces links by `<url>`, cashtags by `<tkr>`, signed percentages by `<pct+>` /
 * `<pct->` / `<pct>`, other numbers by `<num>`, keeps clause punctuation (`, ; : . ! ?`) as tokens for
 * the scope rules, and splits contractions so that "isn't" yields
 * `is` + `not` (negation scope then sees a plain `not`).
 */
const TOKEN_RE =
  /https?:\/\/\S+|\$[a-z][a-z.]{0,9}\b|[+-]?\$?\d[\d,]*(?:\.\d+)?%?|[a-z]+(?:['’][a-z]+)*|[!?,;:.]/g;

/**
 * How a word token was written, for the proper-noun rule of the learned layer: lower case, a capital
 * first letter with lower-case after it ("Apple"), all capitals ("EBIT"), or a capital inside a word
 * that starts lower case ("iPhone"). Non-word tokens (numbers, punctuation, links) are `other`.
 */
export type TokenCase = 'lower' | 'title' | 'upper' | 'inner' | 'other';

export function tokenize(text: string): string[] {
  return scan(text, undefined);
}

/** A number written in the text, for the token {@link tokenize} turned into `<num>` or `<pct…>`. */
export interface TokenAmount {
  /** Its value as written (thousand separators removed, sign kept), before any scale word. */
  readonly value: number;
  /** Written as a percentage ("16%", "16 %"). */
  readonly percent: boolean;
}

/**
 * {@link tokenize}'s tokens and, aligned with them (same length), the numbers of the text: an amount
 * where the token is `<num>`/`<pct…>`, undefined elsewhere — in one pass over the text. The lexicon
 * compares the amounts ("to EUR 51.3 mn from EUR 37.5 mn"); the learned layer never sees them.
 */
export function tokenizeWithAmounts(text: string): {
  tokens: string[];
  amounts: (TokenAmount | undefined)[];
  /** How each token was written (aligned with the tokens), see {@link TokenCase}. */
  cases: TokenCase[];
} {
  const amounts: (TokenAmount | undefined)[] = [];
  const cases: TokenCase[] = [];
  return { tokens: scan(text, amounts, cases), amounts, cases };
}

/** The one tokenizing pass; fills `amounts` and `cases` in step with the tokens when given. */
function scan(text: string, amounts: (TokenAmount | undefined)[] | undefined, cases?: TokenCase[]): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  // Lower-casing keeps every offset of these texts' characters except a few rare ones (e.g. "İ");
  // the case of a token is read from the original only when the lengths agree.
  const original = cases !== undefined && lower.length === text.length ? text : undefined;
  for (const m of lower.matchAll(TOKEN_RE)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    const before = out.length;
    if (t.startsWith('http')) out.push('<url>');
    else if (c === 36 /* $ */ && t.length > 1 && !isDigit(t.charCodeAt(1))) out.push('<tkr>');
    else if (isDigit(c) || c === 43 || c === 45 || c === 36) {
      out.push(numberToken(t));
      if (amounts !== undefined) {
        const end = (m.index ?? 0) + t.length;
        const percent = t.endsWith('%') || /^\s{0,2}%/.test(lower.slice(end, end + 3));
        amounts.push({ value: Number(t.replace(/[$,%+]/g, '')), percent });
      }
      cases?.push('other');
      continue;
    } else if (t === '.' && out.at(-1) === 'vs')
      continue; // "vs." is an abbreviation, not a sentence end
    else pushWord(t, out);
    if (amounts !== undefined) for (let k = before; k < out.length; k++) amounts.push(undefined);
    if (cases !== undefined) {
      const shape =
        original !== undefined && out[before]!.charCodeAt(0) !== 60 /* '<' */
          ? caseOf(original, m.index ?? 0, t.length)
          : 'other';
      for (let k = before; k < out.length; k++) cases.push(k === before ? shape : 'lower');
    }
  }
  return out;
}

/** Case shape of the word written at text[start, start + length). */
function caseOf(text: string, start: number, length: number): TokenCase {
  let upper = 0;
  let letters = 0;
  for (let k = start; k < start + length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 65 && c <= 90) upper++;
    else if (c < 97 || c > 122) continue;
    letters++;
  }
  const first = text.charCodeAt(start);
  const firstUpper = first >= 65 && first <= 90;
  if (upper === 0) return 'lower';
  // All capitals, also with a plural s ("EBIT", "IPOs").
  const plural = text.charCodeAt(start + length - 1) === 115; /* s */
  if (letters > 1 && (upper === letters || (plural && upper === letters - 1 && upper > 1))) return 'upper';
  if (firstUpper) return upper === 1 ? 'title' : 'inner';
  return 'inner';
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function numberToken(t: string): string {
  if (!t.endsWith('%')) return '<num>';
  if (t.startsWith('+')) return '<pct+>';
  if (t.startsWith('-')) return '<pct->';
  return '<pct>';
}

function pushWord(t: string, out: string[]): void {
  const w = t.replace(/’/g, "'");
  if (w.endsWith("n't")) {
    const stem = w.slice(0, -3);
    out.push(stem === 'wo' ? 'will' : stem === 'ca' ? 'can' : stem, 'not');
    return;
  }
  const apos = w.indexOf("'");
  if (apos > 0) {
    // Possessives and clitics: "company's" -> "company".
    out.push(w.slice(0, apos));
    return;
  }
  out.push(w);
}

/** Clause punctuation emitted by {@link tokenize}; feature extraction skips these. */
export const PUNCTUATION: ReadonlySet<string> = new Set([',', ';', ':', '.', '!', '?']);
