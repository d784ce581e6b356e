import { systemClock } from '../clock/clock.js';
import type { Platform } from '../platform/create-platform.js';
import { EventHub } from './event-hub.js';
import { StreamSlots } from './stream-slots.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhooks/webhook-dispatcher.js';
import { WebhookService } from './webhooks/webhook-service.js';

/** What a process needs for events: the hub, endpoint management, stream slots and (maybe) a dispatcher. */
export interface EventsRuntime {
  readonly hub: EventHub;
  readonly webhooks: WebhookService;
  readonly streams: StreamSlots;
  /** Present when this process delivers webhooks. */
  readonly dispatcher: WebhookDispatcher | undefined;
  start(): void;
  close(): Promise<void>;
}

/** The events runtime of a platform; `deliver` overrides the configuration's choice (workers always deliver). */
export function eventsRuntime(
  platform: Platform,
  options: {
    deliver?: boolean;
    dispatcher?: WebhookDispatcherOptions;
    log?: { warn(obj: object, msg: string): void };
  } = {},
): EventsRuntime {
  const { config } = platform;
  const hub = new EventHub(platform.storage, {
    ...(config.mode === 'distributed' && config.redisUrl !== undefined
      ? { redis: { url: config.redisUrl, prefix: config.redisPrefix } }
      : {}),
  });
  const deliver = options.deliver ?? config.events.deliver;
  const dispatcher = deliver
    ? new WebhookDispatcher(
        {
          storage: platform.storage,
          plans: platform.plans,
          cipher: platform.webhookCipher,
          clock: systemClock,
          wallClock: platform.wallClock,
          hub,
          config: config.events,
          ...(options.log === undefined ? {} : { log: options.log }),
        },
        options.dispatcher,
      )
    : undefined;
  return {
    hub,
    webhooks: new WebhookService({
      storage: platform.storage,
      cipher: platform.webhookCipher,
      // Secret rotations overlap in real time, like the deliveries they sign.
      clock: systemClock,
      config: config.events,
    }),
    streams: new StreamSlots(config.events.streamsPerKey),
    dispatcher,
    start() {
      hub.start();
      dispatcher?.start();
    },
    async close() {
      await dispatcher?.close();
      await hub.close();
    },
  };
}
