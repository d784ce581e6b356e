import type { Platform } from '../platform/create-platform.js';
import { AlpacaBroker } from './alpaca/alpaca-broker.js';
import { BrokerGateway } from './broker-gateway.js';
import { BrokerService } from './broker-service.js';

/** The broker service of a platform: the adapters at the operator's URLs, over its storage and cipher. */
export function brokerRuntime(platform: Platform): BrokerService {
  const { config, storage } = platform;
  const { alpaca, timeoutSeconds } = config.brokers;
  const now = () => platform.wallClock.now();
  const gateway = new BrokerGateway({
    brokers: {
      alpaca: new AlpacaBroker({
        tradingUrls: { paper: alpaca.paperUrl, live: alpaca.liveUrl },
        dataUrl: alpaca.dataUrl,
        timeoutMs: timeoutSeconds * 1000,
      }),
    },
    cipher: platform.brokerCipher,
    calls: storage.brokerCalls,
    connections: storage.brokerConnections,
    now,
  });
  return new BrokerService({
    connections: storage.brokerConnections,
    orders: storage.brokerOrders,
    cards: storage.cards,
    gateway,
    cipher: platform.brokerCipher,
    config: config.brokers,
    clock: platform.clock,
  });
}
