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
} {
  const amounts: (TokenAmount | undefined)[] = [];
  return { tokens: scan(text, amounts), amounts };
}

/** The one tokenizing pass; fills `amounts` in step with the tokens when given. */
function scan(text: string, amounts: (TokenAmount | undefined)[] | undefined): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
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
      continue;
    } else pushWord(t, out);
    if (amounts !== undefined) for (let k = before; k < out.length; k++) amounts.push(undefined);
  }
  return out;
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
