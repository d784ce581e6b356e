/**
 * The lines of an NDJSON body as they arrive, without holding the body (the feed's and /bars' streams).
 * Lines already received are not handed out once the caller has aborted; blank lines are skipped.
 */
export async function* ndjsonLines(body: unknown, signal?: AbortSignal): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      signal?.throwIfAborted();
      if (line !== '') yield line;
      nl = buffered.indexOf('\n');
    }
  }
  buffered += decoder.decode();
  if (buffered.trim() !== '') yield buffered;
}
