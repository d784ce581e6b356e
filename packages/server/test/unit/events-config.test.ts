import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENTS_CONFIG, parseEventsConfig } from '../../src/config/events-config.js';

const parse = (env: Record<string, string>) => {
  const errors: string[] = [];
  const config = parseEventsConfig(errors, (n) => env[n]);
  return { config, errors };
};

describe('events configuration', () => {
  it('defaults to delivering, https only, public destinations only', () => {
    expect(parse({})).toEqual({ config: DEFAULT_EVENTS_CONFIG, errors: [] });
    expect(DEFAULT_EVENTS_CONFIG).toMatchObject({
      deliver: true,
      allowHttp: false,
      allowPrivate: false,
      timeoutSeconds: 15,
    });
  });

  it('reads on/off words and bounded integers', () => {
    const { config, errors } = parse({
      BELLWETHER_WEBHOOK_DELIVERY: 'off',
      BELLWETHER_WEBHOOKS_ALLOW_PRIVATE: 'ON',
      BELLWETHER_WEBHOOKS_ALLOW_HTTP: 'true',
      BELLWETHER_WEBHOOK_TIMEOUT_SECONDS: '30',
      BELLWETHER_EVENT_STREAMS_PER_KEY: '2',
    });
    expect(errors).toEqual([]);
    expect(config).toMatchObject({
      deliver: false,
      allowPrivate: true,
      allowHttp: true,
      timeoutSeconds: 30,
      streamsPerKey: 2,
    });
  });

  it('names each bad setting and its range', () => {
    const { errors } = parse({
      BELLWETHER_WEBHOOK_DELIVERY: 'maybe',
      BELLWETHER_WEBHOOK_TIMEOUT_SECONDS: '31',
      BELLWETHER_WEBHOOKS_MAX_ENDPOINTS: '0',
    });
    expect(errors).toEqual([
      'BELLWETHER_WEBHOOK_DELIVERY must be on or off',
      'BELLWETHER_WEBHOOKS_MAX_ENDPOINTS must be an integer from 1 to 1000',
      'BELLWETHER_WEBHOOK_TIMEOUT_SECONDS must be an integer from 1 to 30',
    ]);
  });
});
