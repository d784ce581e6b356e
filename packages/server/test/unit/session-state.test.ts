import { describe, expect, it } from 'vitest';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { sessionView } from '../../src/market/session-state.js';

describe('sessionView', () => {
  it('moves through pre_open → open → closed exactly at the boundaries, even when asked repeatedly', () => {
    const at = (iso: string) => sessionView(XNYS, new Date(iso));
    expect(at('2026-11-24T13:29:59Z')).toMatchObject({ state: 'pre_open', current: { id: '2026-11-24' } });
    expect(at('2026-11-24T14:29:59.999Z').state).toBe('pre_open');
    expect(at('2026-11-24T14:30:00Z').state).toBe('open');
    expect(at('2026-11-24T20:59:59.999Z')).toMatchObject({ state: 'open', current: { id: '2026-11-24' } });
    expect(at('2026-11-24T21:00:00Z')).toMatchObject({
      state: 'closed',
      current: { id: '2026-11-25' },
      previous: { id: '2026-11-24' },
    });
    // Back in time again: the memo must not answer for an earlier instant.
    expect(at('2026-11-24T14:00:00Z')).toMatchObject({ state: 'pre_open', previous: { id: '2026-11-23' } });
  });

  it('publishes cards an hour before the open and counts weekends as closed', () => {
    const v = sessionView(XNYS, new Date('2026-11-21T12:00:00Z')); // Saturday
    expect(v.state).toBe('closed');
    expect(v.current.id).toBe('2026-11-23');
    expect(v.publication_at.toISOString()).toBe('2026-11-23T13:30:00.000Z');
  });
});
