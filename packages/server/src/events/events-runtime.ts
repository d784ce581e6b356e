import { systemClock } from '../clock/clock.js';
import type { Platform } from '../platform/create-platform.js';
import { EventHub } from './event-hub.js';
import { StreamSlots } from './stream-slots.js';
import { DeliveryFailures } from './webhooks/delivery-failures.js';
import { ThreadedDispatcher } from './webhooks/threaded-dispatcher.js';
import { WebhookService } from './webhooks/webhook-service.js';

/** What a process needs for events: the hub, endpoint management, stream slots and (maybe) a dispatcher. */
export interface EventsRuntime {
  readonly hub: EventHub;
  readonly webhooks: WebhookService;
  readonly streams: StreamSlots;
  /** This process's failed webhook attempts by answer (none unless it delivers). */
  readonly deliveryFailures: DeliveryFailures;
  start(): void;
  close(): Promise<void>;
}

/**
 * The events runtime of a platform; `deliver` overrides the configuration's choice (workers always
 * deliver). Delivery runs on a thread of its own (ThreadedDispatcher).
 */
export function eventsRuntime(
  platform: Platform,
  options: { deliver?: boolean; log?: { warn(obj: object, msg: string): void } } = {},
): EventsRuntime {
  const { config } = platform;
  const hub = new EventHub(platform.storage, {
    ...(config.mode === 'distributed' && config.redisUrl !== undefined
      ? { redis: { url: config.redisUrl, prefix: config.redisPrefix } }
      : {}),
  });
  const deliver = options.deliver ?? config.events.deliver;
  const deliveryFailures = new DeliveryFailures();
  const dispatcher = deliver
    ? new ThreadedDispatcher({
        config,
        hub,
        wallClock: platform.wallClock,
        failures: deliveryFailures,
        ...(options.log === undefined ? {} : { log: options.log }),
      })
    : undefined;
  const streams = new StreamSlots(config.events.streamsPerKey);
  return {
    hub,
    webhooks: new WebhookService({
      storage: platform.storage,
      cipher: platform.webhookCipher,
      // Secret rotations overlap in real time, like the deliveries they sign.
      clock: systemClock,
      config: config.events,
    }),
    streams,
    deliveryFailures,
    start() {
      hub.start();
      dispatcher?.start();
    },
    async close() {
      streams.shutdown();
      await dispatcher?.close();
      await hub.close();
    },
  };
}
