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
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(TOKEN_RE)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (t.startsWith('http')) out.push('<url>');
    else if (c === 36 /* $ */ && t.length > 1 && !isDigit(t.charCodeAt(1))) out.push('<tkr>');
    else if (isDigit(c) || c === 43 || c === 45 || c === 36) out.push(numberToken(t));
    else pushWord(t, out);
  }
  return out;
}

/** A number written in the text, for the token {@link tokenize} turned into `<num>` or `<pct…>`. */
export interface TokenAmount {
  /** Its value as written (thousand separators removed, sign kept), before any scale word. */
  readonly value: number;
  /** Written as a percentage ("16%", "16 %"). */
  readonly percent: boolean;
}

/**
 * The numbers of a text aligned with {@link tokenize}'s tokens (same length): an amount where the
 * token is `<num>`/`<pct…>`, undefined elsewhere. The lexicon compares them ("to EUR 51.3 mn from
 * EUR 37.5 mn"); the learned layer never sees them.
 */
export function tokenAmounts(text: string): (TokenAmount | undefined)[] {
  const out: (TokenAmount | undefined)[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(TOKEN_RE)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (t.startsWith('http') || (c === 36 && t.length > 1 && !isDigit(t.charCodeAt(1)))) out.push(undefined);
    else if (isDigit(c) || c === 43 || c === 45 || c === 36) {
      const value = Number(t.replace(/[$,%+]/g, ''));
      const after = lower.slice((m.index ?? 0) + t.length, (m.index ?? 0) + t.length + 3);
      out.push({ value, percent: t.endsWith('%') || /^\s{0,2}%/.test(after) });
    } else {
      const w = t.replace(/’/g, "'");
      out.push(undefined);
      if (w.endsWith("n't")) out.push(undefined);
    }
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
