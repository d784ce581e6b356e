import { inspect } from 'node:util';

/**
 * A credential read from the environment (a provider's API key). It prints, serialises and inspects as
 * `[redacted]`, so a logged config object, an error report or a JSON dump never shows it; only
 * `reveal()` — called by the adapter that sends it — gives the value.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return '[redacted]';
  }

  toJSON(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return '[redacted]';
  }
}
