import { describeError, StartupError } from '../startup-error.js';

/** A connection URL fit to print: its password, and query parameters that look like secrets, masked. */
function redactCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    for (const name of [...u.searchParams.keys()])
      if (/pass|secret|key|token/i.test(name)) u.searchParams.set(name, '***');
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  }
}

/**
 * Runs `attempt` (connect, ping) against a dependency at start-up; a failure becomes a StartupError
 * naming the dependency, its URL (credentials masked) and the error — not ioredis' bare "Connection is
 * closed.". `cause` supplies a better error than the attempt's own when the client reports the real one
 * elsewhere (ioredis emits it as an event).
 */
export async function reachDependency<T>(
  dependency: { readonly name: string; readonly url: string; readonly code: string },
  attempt: () => Promise<T>,
  cause: () => unknown = () => undefined,
): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    const reason = cause() ?? err;
    throw new StartupError(
      dependency.code,
      `Cannot reach ${dependency.name} at ${redactCredentials(dependency.url)}: ${describeError(reason)}. Check that it is running and that the URL is right.`,
      { cause: reason },
    );
  }
}
