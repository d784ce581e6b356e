import { Bellwether } from '@bellwether/client';

/** The client every example uses: BELLWETHER_URL and BELLWETHER_API_KEY from the environment. */
export function clientFromEnv(): Bellwether {
  const baseUrl = process.env.BELLWETHER_URL ?? 'http://127.0.0.1:8080';
  const apiKey = process.env.BELLWETHER_API_KEY;
  if (apiKey === undefined || apiKey === '') {
    process.stderr.write(
      'Set BELLWETHER_API_KEY to your key (bw_…); BELLWETHER_URL defaults to http://127.0.0.1:8080.\n',
    );
    process.exit(2);
  }
  return new Bellwether({ baseUrl, apiKey });
}

/** Runs an example, printing a problem's code, detail and request id and exiting 1 on failure. */
export async function main(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    const p = err as { code?: string; detail?: string; requestId?: string; message?: string };
    process.stderr.write(
      p.code === undefined
        ? `error: ${p.message ?? String(err)}\n`
        : `error: ${p.code}: ${p.detail} (request ${p.requestId})\n`,
    );
    process.exitCode = 1;
  }
}
