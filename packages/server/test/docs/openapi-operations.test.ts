/**
 * The OpenAPI document names every operation (issue #45): generated clients name their methods after
 * `operationId`, so each is present, unique, lowerCamelCase, and stable — the list below is the published
 * contract, and renaming one breaks clients. Every operation has a declared tag, and the webhooks declare
 * how a delivery is authenticated (the Standard Webhooks signature).
 */
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../../src/http/index.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, unknown> };
}

/** The published operationIds, by method and path (webhooks: by event type). Change only by adding. */
const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /api/v1/account': 'getAccount',
  'GET /api/v1/session': 'getSession',
  'GET /api/v1/cards': 'listCards',
  'GET /api/v1/cards/performance': 'getCardsPerformance',
  'GET /api/v1/cards/ledger': 'getCardsLedger',
  'GET /api/v1/cards/{card_id}': 'getCard',
  'GET /api/v1/analytics/technical': 'getTechnicalAnalytics',
  'GET /api/v1/analytics/technical/catalog': 'getTechnicalCatalog',
  'GET /api/v1/analytics/risk': 'getRiskAnalytics',
  'GET /api/v1/analytics/patterns': 'getPatternAnalytics',
  'GET /api/v1/analytics/microstructure': 'getMicrostructureAnalytics',
  'GET /api/v1/analytics/portfolio': 'getPortfolioAnalytics',
  'GET /api/v1/analytics/sentiment': 'getSentimentAnalytics',
  'POST /api/v1/analysis': 'createAnalysis',
  'GET /api/v1/analysis': 'listAnalyses',
  'GET /api/v1/analysis/{job_id}': 'getAnalysis',
  'DELETE /api/v1/analysis/{job_id}': 'cancelAnalysis',
  'POST /api/v1/backtests': 'createBacktest',
  'GET /api/v1/backtests/{job_id}': 'getBacktest',
  'GET /api/v1/hedge-fund': 'getInstitutionalFeed',
  'GET /api/v1/instruments': 'listInstruments',
  'GET /api/v1/instruments/{ticker}': 'getInstrument',
  'GET /api/v1/bars': 'listBars',
  'GET /api/v1/corporate-actions': 'listCorporateActions',
  'GET /api/v1/fundamentals': 'getFundamentals',
  'GET /api/v1/news': 'listNews',
  'GET /api/v1/quotes': 'listQuotes',
  'GET /api/v1/screener': 'runScreener',
  'POST /api/v1/screens': 'createScreen',
  'GET /api/v1/screens': 'listScreens',
  'GET /api/v1/screens/{screen_id}': 'getScreen',
  'PATCH /api/v1/screens/{screen_id}': 'updateScreen',
  'DELETE /api/v1/screens/{screen_id}': 'deleteScreen',
  'GET /api/v1/screens/{screen_id}/results': 'listScreenResults',
  'GET /api/v1/events': 'streamEvents',
  'POST /api/v1/webhooks': 'createWebhookEndpoint',
  'GET /api/v1/webhooks': 'listWebhookEndpoints',
  'GET /api/v1/webhooks/{endpoint_id}': 'getWebhookEndpoint',
  'PATCH /api/v1/webhooks/{endpoint_id}': 'updateWebhookEndpoint',
  'DELETE /api/v1/webhooks/{endpoint_id}': 'deleteWebhookEndpoint',
  'POST /api/v1/webhooks/{endpoint_id}/rotate-secret': 'rotateWebhookSecret',
  'POST /api/v1/webhooks/{endpoint_id}/test': 'sendTestWebhook',
  'GET /api/v1/webhooks/{endpoint_id}/deliveries': 'listWebhookDeliveries',
  'GET /api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}': 'getWebhookDelivery',
  'POST /api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}/replay': 'replayWebhookDelivery',
  'POST /api/v1/broker-connections': 'createBrokerConnection',
  'GET /api/v1/broker-connections': 'listBrokerConnections',
  'GET /api/v1/broker-connections/{connection_id}': 'getBrokerConnection',
  'PATCH /api/v1/broker-connections/{connection_id}': 'updateBrokerConnection',
  'DELETE /api/v1/broker-connections/{connection_id}': 'deleteBrokerConnection',
  'PUT /api/v1/broker-connections/{connection_id}/credentials': 'replaceBrokerCredentials',
  'POST /api/v1/broker-connections/{connection_id}/test': 'testBrokerConnection',
  'POST /api/v1/broker-connections/{connection_id}/kill-switch': 'setBrokerKillSwitch',
  'GET /api/v1/broker-connections/{connection_id}/positions': 'listBrokerPositions',
  'GET /api/v1/broker-connections/{connection_id}/orders': 'listBrokerConnectionOrders',
  'GET /api/v1/broker-connections/{connection_id}/audit': 'listBrokerAudit',
  'POST /api/v1/cards/{card_id}/orders': 'placeCardOrder',
  'GET /api/v1/cards/{card_id}/orders': 'listCardOrders',
  'GET /api/v1/orders/{order_id}': 'getOrder',
  'DELETE /api/v1/orders/{order_id}': 'cancelOrder',
};

const operations = (byPath: Document['paths']) =>
  Object.entries(byPath).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI operations', async () => {
  const doc = JSON.parse(await renderOpenApi()) as Document;
  const paths = operations(doc.paths);
  const webhooks = operations(doc.webhooks);
  const all = [...paths, ...webhooks];

  it('every operation has an operationId, unique and lowerCamelCase', () => {
    const ids = all.map(({ key, op }) => op.operationId ?? `(none on ${key})`);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the published operationIds of the paths', () => {
    expect(Object.fromEntries(paths.map(({ key, op }) => [key, op.operationId]))).toEqual(OPERATION_IDS);
  });

  it('names each webhook after its event type, and each declares the signature as its security', () => {
    expect(webhooks.length).toBeGreaterThan(0);
    for (const { key, op } of webhooks) {
      const type = key.split(' ')[1] as string;
      const camel = type.replace(/[._]([a-z])/g, (_m, c: string) => c.toUpperCase());
      expect(op.operationId).toBe(`${camel}Webhook`);
      expect(op.security).toEqual([{ webhookSignature: [] }]);
    }
    expect(doc.components.securitySchemes).toHaveProperty('webhookSignature');
  });

  it('tags every operation with a tag the document declares and describes', () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    for (const t of doc.tags) expect(t.description).not.toBe('');
    for (const { key, op } of all) {
      expect(op.tags, key).toHaveLength(1);
      expect(declared.has(op.tags?.[0] as string), key).toBe(true);
    }
  });
});
