/** `maxIterations` → `max_iterations`, `dataSha256` → `data_sha256`, `cvMacroF1` → `cv_macro_f1`. */
function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * A copy of a JSON value whose camelCase object keys are snake_case, as DESIGN requires of every JSON key
 * the API sends, for structures the analytics package describes in its own (TypeScript) naming.
 * Keys that are not camelCase (tickers, codes) are kept as they are.
 */
export function snakeCaseKeys<T>(value: T): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [/[a-z0-9][A-Z]/.test(k) ? snakeCase(k) : k, snakeCaseKeys(v)]),
  );
}
