import type { StreamConfig, StreamProviderSettings } from '../../config/stream-config.js';
import { AlpacaProtocol } from './alpaca/alpaca-protocol.js';
import { FinnhubProtocol } from './finnhub/finnhub-protocol.js';
import type { StreamProtocol } from './stream-protocol.js';

/** The protocol adapter of the operator's stream provider (one place chooses it, at start-up). */
export function streamProtocolFor(
  provider: StreamProviderSettings,
  config: Pick<StreamConfig, 'maxSymbols'>,
): StreamProtocol {
  const max = config.maxSymbols === undefined ? {} : { maxSymbols: config.maxSymbols };
  switch (provider.name) {
    case 'alpaca':
      return new AlpacaProtocol({
        keyId: provider.keyId,
        secretKey: provider.secretKey,
        feed: provider.feed,
        ...(provider.baseUrl === undefined ? {} : { baseUrl: provider.baseUrl }),
        ...max,
      });
    case 'finnhub':
      return new FinnhubProtocol({
        token: provider.token,
        ...(provider.baseUrl === undefined ? {} : { baseUrl: provider.baseUrl }),
        ...max,
      });
  }
}
