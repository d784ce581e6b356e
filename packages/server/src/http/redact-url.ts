const SENSITIVE_PARAM = /^(api_?key|key|access_token|token|bearer|auth|authorization|password|secret)$/i;
const KEY_LIKE = /bw_[0-9A-Za-z]{8,}/g;

/**
 * A URL as it may appear in logs: values of credential-like query parameters and anything shaped
 * like a Bellwether key are replaced, so keys a client misplaced in a URL never reach the logs.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(KEY_LIKE, '[redacted]');
  if (q === -1) return path;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      if (SENSITIVE_PARAM.test(decoded)) return `${name}=[redacted]`;
      return pair.replace(KEY_LIKE, '[redacted]');
    });
  return `${path}?${parts.join('&')}`;
}
