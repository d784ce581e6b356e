/** Where CLI commands write: human text or one JSON document per command (`--json`). */
export interface Output {
  readonly json: boolean;
  /** A successful result. */
  result(data: unknown, human: string): void;
  /** An expected failure (not found, limit reached…): exit code 1. */
  fail(code: string, message: string): void;
  info(message: string): void;
}

export function createOutput(
  json: boolean,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Output {
  return {
    json,
    result(data, human) {
      out.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`);
    },
    fail(code, message) {
      if (json) out.write(`${JSON.stringify({ error: { code, message } })}\n`);
      else err.write(`error: ${message}\n`);
      process.exitCode = 1;
    },
    info(message) {
      if (!json) err.write(`${message}\n`);
    },
  };
}

/** Formats rows as an aligned text table. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}
