import { type Config, parseConfig, parseInstant } from '../config/config.js';

/** Parses configuration from the environment (and `--as-of`), exiting with readable errors. */
export function loadConfigOrExit(overrides: { asOf?: string } = {}): Config {
  const parsed = parseConfig(process.env, process.cwd());
  if (!parsed.ok) {
    process.stderr.write(`bellwether: invalid configuration:\n  ${parsed.errors.join('\n  ')}\n`);
    process.exit(2);
  }
  if (overrides.asOf === undefined) return parsed.config;
  const asOf = parseInstant(overrides.asOf);
  if (asOf === undefined) {
    process.stderr.write('bellwether: --as-of must be an ISO-8601 instant such as 2015-06-01T15:00:00Z\n');
    process.exit(2);
  }
  return { ...parsed.config, asOf };
}
