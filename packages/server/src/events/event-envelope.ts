import { iso } from '../clock/iso.js';
import type { EventRecord } from '../db/event-outbox.js';

/**
 * An event as every reader gets it — the stream's `data:` line and each webhook's body: its id, type,
 * when the change happened (whole seconds, like every timestamp the API shows) and its data, as JSON.
 */
export function eventEnvelope(e: EventRecord): string {
  return JSON.stringify({ id: e.id, type: e.type, timestamp: iso(e.occurred_at), data: e.data });
}
