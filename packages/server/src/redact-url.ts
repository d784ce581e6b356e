/** Parameter names that carry credentials, compared without case and without `-`, `_`, `.` or spaces. */
const SENSITIVE_NAMES = new Set([
  'apikey',
  'xapikey',
  'key',
  'accesstoken',
  'token',
  'bearer',
  'auth',
  'authorization',
  'password',
  'secret',
]);
/**
 * Something shaped like a Bellwether key (`bw_` and base62), in any case, once separators an encoding
 * may have slipped in are ignored: enough of one to be worth hiding.
 */
const KEY_LIKE = /bw_[0-9a-z]{8,}/i;
const REDACTED = '[redacted]';
/** Percent-decoding rounds: a key encoded twice or three times (`%255F`) is still found. */
const DECODE_ROUNDS = 4;

/**
 * Percent-decodes `text` until it stops changing (bounded), byte by byte: never throws on a malformed
 * sequence (it stays as it is), and reads each byte as one character, which is all the ASCII
 * comparisons below need.
 */
function decodeFully(text: string): string {
  let s = text;
  for (let i = 0; i < DECODE_ROUNDS && s.includes('%'); i++) {
    const next = s.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === s) break;
    s = next;
  }
  return s;
}

/** What a key's `bw_` becomes once the characters that are not part of a key are dropped. */
const MAYBE_PREFIX = /b[^0-9a-z_]*w[^0-9a-z_]*_/i;

function carriesKey(raw: string): boolean {
  const decoded = raw.includes('%') ? decodeFully(raw) : raw;
  return MAYBE_PREFIX.test(decoded) && KEY_LIKE.test(decoded.replace(/[^0-9A-Za-z_]/g, ''));
}

function isSensitiveName(raw: string): boolean {
  const name = raw.includes('%') ? decodeFully(raw) : raw;
  return SENSITIVE_NAMES.has(name.toLowerCase().replace(/[\s+._-]/g, ''));
}

/**
 * The pieces from the first one holding a key onwards, each through `redact` (a key may run on into the
 * pieces after it); undefined when no piece holds one although their whole does (a key cut before `bw_`
 * is complete).
 */
function fromFirstKey(pieces: readonly string[], redact: (piece: string) => string): string[] | undefined {
  const first = pieces.findIndex(carriesKey);
  if (first === -1) return undefined;
  return pieces.map((piece, i) => (i < first ? piece : redact(piece)));
}

function redactPair(pair: string): string {
  const eq = pair.indexOf('=');
  const name = eq === -1 ? pair : pair.slice(0, eq);
  return carriesKey(name) ? REDACTED : `${name}=${REDACTED}`;
}

/**
 * A URL as it may appear in logs and error details. Path segments and query parameters are judged after
 * percent-decoding (repeatedly, so `?api%5Fkey=`, `?%61pi_key=`, `bw%5F…` and double encodings are seen
 * for what they are) and with the separators an encoding may slip into a key ignored: the value of a
 * credential-like parameter is replaced by `[redacted]`, and so is a segment or parameter holding
 * anything shaped like a Bellwether key, with every one after it (the key may run on into them). A key
 * cut into pieces that none holds alone makes the whole URL `[redacted]`. Everything else stays as sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const rawQuery = q === -1 ? undefined : url.slice(q + 1);
  const redactNames = (pairs: readonly string[]) =>
    pairs.map((pair) => {
      const eq = pair.indexOf('=');
      return eq !== -1 && isSensitiveName(pair.slice(0, eq)) ? redactPair(pair) : pair;
    });
  if (!carriesKey(url))
    return rawQuery === undefined ? url : `${rawPath}?${redactNames(rawQuery.split('&')).join('&')}`;
  const pathHasKey = carriesKey(rawPath);
  const queryHasKey = rawQuery !== undefined && carriesKey(rawQuery);
  // A key cut across the `?`, or cut before its `bw_` is complete.
  if (!pathHasKey && !queryHasKey) return REDACTED;
  let path = rawPath;
  if (pathHasKey) {
    const segments = fromFirstKey(rawPath.split('/'), () => REDACTED);
    if (segments === undefined) return REDACTED;
    path = segments.join('/');
  }
  if (rawQuery === undefined) return path;
  // What follows a key in the path may be the rest of it.
  if (pathHasKey) return `${path}?${REDACTED}`;
  const pairs = fromFirstKey(rawQuery.split('&'), redactPair);
  return `${path}?${pairs === undefined ? REDACTED : redactNames(pairs).join('&')}`;
}
