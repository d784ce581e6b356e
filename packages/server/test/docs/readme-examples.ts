/**
 * The examples a reader of the README and the reference pages (docs/api.md, docs/operating.md) can copy: the
 * indented `curl` and `bellwether` command lines, the TypeScript snippets, and the `name=value` parameters
 * the API reference shows for a route. Read the way a
 * reader reads them, so a test can run each one against the demo.
 */

/** A document's 4-space-indented lines (its command blocks), outside fenced code. */
function indentedLines(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && line.startsWith('    ') && line.trim() !== '') out.push(line.trim());
  }
  return out;
}

/** Every `curl …` command line. */
export function curlExamples(markdown: string): string[] {
  return indentedLines(markdown).filter((l) => l.startsWith('curl '));
}

/** Every `bellwether …` command line, as written (a synopsis: `[…]` optional, `# …` a comment). */
export function cliExamples(markdown: string): string[] {
  return indentedLines(markdown).filter((l) => l.startsWith('bellwether '));
}

/** The fenced ```ts snippets. */
export function typeScriptSnippets(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/** A `name=value` the API reference shows for a GET route without path parameters. */
export interface TableParameter {
  readonly path: string;
  readonly name: string;
  readonly value: string;
}

/**
 * The concrete `name=value` examples the API reference gives for its GET routes (`holdings=VZN:0.4,…`): in a
 * table row that starts with the route (`| \`GET /analytics/portfolio\` …`), or under a heading that names
 * it (`### \`GET /analytics/portfolio\``) until the next heading. Values with an ellipsis or none
 * (`tickers=`) name a parameter, not an example, and are left out.
 */
export function tableParameters(markdown: string): TableParameter[] {
  const out: TableParameter[] = [];
  let section: string | undefined;
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    if (line.startsWith('#')) {
      section = /^#+ .*?`GET (\/[^\s`]+)`/.exec(line)?.[1];
      continue;
    }
    const path = line.startsWith('| `GET /') ? /^\| `GET (\/[^\s`]+)/.exec(line)?.[1] : section;
    if (path === undefined || path.includes('{')) continue;
    for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
      const m = /^\??([a-z_]+)=([^\s…]+)$/.exec(code as string);
      if (m !== null) out.push({ path, name: m[1] as string, value: m[2] as string });
    }
  }
  return out;
}

/** What a CLI example line becomes: a command to run, or why it is not run against the demo. */
export type CliExample =
  | { readonly run: true; readonly line: string; readonly args: string[]; readonly stdoutTo?: string }
  | { readonly run: false; readonly line: string; readonly reason: string };

/** Commands that run until stopped: the README's first command starts `serve` in CI (.ci/run). */
const LONG_RUNNING: Readonly<Record<string, string>> = {
  serve: 'runs until stopped; .ci/run starts it as the README says and calls it',
  worker: 'distributed mode only, and runs until stopped',
};

/** Splits a synopsis into words: `"…"` quoted, `[…]` kept whole (brackets included). */
function words(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    const close = text[i] === '[' ? ']' : text[i] === '"' ? '"' : ' ';
    const end = text.indexOf(close, i + 1);
    const stop = end === -1 ? text.length : close === ' ' ? end : end + 1;
    out.push(text.slice(i, stop));
    i = stop;
  }
  return out;
}

/**
 * A CLI synopsis line as a command: options in brackets are included (the example values a reader copies)
 * unless they hold a placeholder (`…`) or a redirect from a file; `acc_…` and `KEY_ID` become the ids
 * `ids` gives. A line the README marks as needing live data or the reader's own files, or whose command
 * runs until stopped, is not run, with the reason.
 */
export function expandCli(line: string, ids: { account: string; key: string }): CliExample {
  const hash = line.search(/\s#\s/);
  const command = (hash === -1 ? line : line.slice(0, hash)).trim();
  const comment = hash === -1 ? '' : line.slice(hash).replace(/^\s#\s/, '');
  const [, sub] = command.split(' ');
  const longRunning = LONG_RUNNING[sub ?? ''];
  if (longRunning !== undefined) return { run: false, line, reason: longRunning };
  if (/live data/.test(comment)) return { run: false, line, reason: 'the README marks it as live data' };
  const substituted = command.replaceAll('acc_…', ids.account).replaceAll('KEY_ID', ids.key);
  const args: string[] = [];
  let stdoutTo: string | undefined;
  const all = words(substituted).slice(1);
  for (let k = 0; k < all.length; k++) {
    const w = all[k] as string;
    if (w.startsWith('[')) {
      const inner = w.slice(1, -1);
      if (!inner.includes('…') && !inner.includes('<')) args.push(...words(inner).map(unquote));
    } else if (w === '>') {
      stdoutTo = all[++k];
    } else if (w.includes('…') || /your files/.test(comment)) {
      return { run: false, line, reason: "needs the reader's own files or values" };
    } else args.push(unquote(w));
  }
  return stdoutTo === undefined ? { run: true, line, args } : { run: true, line, args, stdoutTo };
}

function unquote(w: string): string {
  return w.startsWith('"') && w.endsWith('"') ? w.slice(1, -1) : w;
}
