import type { BrokerCallsRepo } from '../db/broker-calls-repo.js';
import type { BrokerConnectionRecord, BrokerConnectionsRepo } from '../db/broker-connections-repo.js';
import type { CredentialCipher } from '../platform/crypto/credential-cipher.js';
import {
  type BrokerCallObserver,
  type BrokerCallRecord,
  type BrokerCredentials,
  BrokerError,
  type BrokerPort,
} from './broker-port.js';
import { BrokerRefusal } from './broker-refusal.js';
import { openCredentials } from './connection-credentials.js';

export interface BrokerGatewayDeps {
  readonly brokers: Readonly<Record<string, BrokerPort>>;
  readonly cipher: CredentialCipher;
  readonly calls: BrokerCallsRepo;
  readonly connections: BrokerConnectionsRepo;
  readonly now: () => Date;
}

/** `text` with every occurrence of a credential replaced (as a JSON string holds it when `json`). */
function scrubText(text: string, creds: BrokerCredentials, json = false): string {
  let out = text;
  for (const s of [creds.secret, creds.keyId].filter((x) => x.length >= 4))
    out = out.split(json ? JSON.stringify(s).slice(1, -1) : s).join('[redacted]');
  return out;
}

/**
 * A broker's error with every credential it echoed replaced: its words become the refusal the caller
 * reads and the error stored on the order, so they are scrubbed before anything else sees them.
 */
function scrubbedError(error: BrokerError, creds: BrokerCredentials): BrokerError {
  const prefix = `${error.broker}: ${error.kind}: `;
  const detail = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return new BrokerError(error.broker, error.kind, scrubText(detail, creds), {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.brokerCode === undefined ? {} : { brokerCode: scrubText(error.brokerCode, creds) }),
    ...(error.brokerMessage === undefined ? {} : { brokerMessage: scrubText(error.brokerMessage, creds) }),
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
  });
}

/** A call's record with every occurrence of a credential replaced, should an adapter ever echo one. */
function scrubbed(record: BrokerCallRecord, creds: BrokerCredentials): BrokerCallRecord {
  const scrub = (value: unknown): unknown => {
    if (value === null || value === undefined) return value ?? null;
    return JSON.parse(scrubText(JSON.stringify(value), creds, true)) as unknown;
  };
  return {
    ...record,
    path: scrub(record.path) as string,
    requestBody: scrub(record.requestBody),
    responseBody: scrub(record.responseBody),
    error: record.error === null ? null : (scrub(record.error) as string),
  };
}

/**
 * Every broker call of a connection goes through here: the credentials are opened for the call only,
 * each HTTP exchange is written to the connection's audit log (scrubbed of the credentials whatever the
 * adapter did), and a refusal of the credentials marks the connection `failing` so the customer sees it.
 */
export class BrokerGateway {
  constructor(private readonly deps: BrokerGatewayDeps) {}

  port(broker: string): BrokerPort {
    const port = this.deps.brokers[broker];
    if (port === undefined) throw new Error(`no adapter for broker ${broker}`);
    return port;
  }

  /**
   * Runs `fn` with credentials that may not be stored yet (linking, rotating), audited under the
   * connection id — only once it succeeded with `auditOnlySuccess` (a refused link leaves no connection
   * whose log could be read).
   */
  async withCredentials<T>(
    target: { readonly account_id: string; readonly connection_id: string; readonly broker: string },
    creds: BrokerCredentials,
    fn: (port: BrokerPort, creds: BrokerCredentials, observe: BrokerCallObserver) => Promise<T>,
    orderId: string | null = null,
    auditOnlySuccess = false,
  ): Promise<T> {
    const records: BrokerCallRecord[] = [];
    const at: string[] = [];
    const observe: BrokerCallObserver = (r) => {
      records.push(scrubbed(r, creds));
      at.push(this.deps.now().toISOString());
    };
    let ok = false;
    try {
      const result = await fn(this.port(target.broker), creds, observe);
      ok = true;
      return result;
    } catch (error) {
      throw error instanceof BrokerError ? scrubbedError(error, creds) : error;
    } finally {
      for (const [i, r] of ok || !auditOnlySuccess ? records.entries() : [])
        await this.deps.calls.append({
          account_id: target.account_id,
          connection_id: target.connection_id,
          order_id: orderId,
          at: at[i] as string,
          method: r.method,
          path: r.path,
          request_body: r.requestBody,
          status: r.status,
          response_body: r.responseBody,
          duration_ms: r.durationMs,
          error: r.error,
        });
    }
  }

  /** Runs `fn` with a stored connection's credentials; refused credentials mark it `failing`. */
  async call<T>(
    connection: BrokerConnectionRecord,
    fn: (port: BrokerPort, creds: BrokerCredentials, observe: BrokerCallObserver) => Promise<T>,
    orderId: string | null = null,
  ): Promise<T> {
    const creds = openCredentials(this.deps.cipher, connection);
    const target = {
      account_id: connection.account_id,
      connection_id: connection.id,
      broker: connection.broker,
    };
    try {
      return await this.withCredentials(target, creds, fn, orderId);
    } catch (error) {
      if (error instanceof BrokerError && error.kind === 'unauthorized') {
        await this.deps.connections.update(connection.account_id, connection.id, {
          status: 'failing',
          last_checked_at: this.deps.now().toISOString(),
          last_error: 'the broker refused the credentials',
        });
        throw new BrokerRefusal(
          'broker_credentials_rejected',
          `The broker refused this connection's credentials (${connection.id}); rotate them with PUT /api/v1/broker-connections/${connection.id}/credentials.`,
          { connection_id: connection.id },
        );
      }
      throw error;
    }
  }
}

/** A broker failure as the customer reads it: refusals with the broker's words, outages with when to retry. */
export function refusalOf(error: unknown, what: string): unknown {
  if (!(error instanceof BrokerError)) return error;
  switch (error.kind) {
    case 'rejected':
    case 'duplicate':
    case 'not_found':
      return new BrokerRefusal(
        'broker_refused',
        `The broker refused ${what}: ${error.brokerMessage ?? error.kind}.`,
        { broker_code: error.brokerCode ?? null, broker_message: error.brokerMessage ?? null },
      );
    case 'unauthorized':
      return new BrokerRefusal(
        'broker_credentials_rejected',
        `The broker refused the credentials for ${what}.`,
      );
    default:
      return new BrokerRefusal(
        'broker_unavailable',
        `The broker did not complete ${what} (${error.kind === 'throttled' ? 'throttled' : error.kind === 'malformed' ? 'an answer we could not read' : 'unavailable'}).`,
        {},
        error.retryAfterSeconds ?? 5,
      );
  }
}
