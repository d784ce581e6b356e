import { describe, expect, it } from 'vitest';
import { trackRecordNote } from '../../src/cards/track-record-note.js';

describe('trackRecordNote: an empty track record says why (#49)', () => {
  it('before any on-time session, in a window without a card, and while no card has an outcome', () => {
    expect(trackRecordNote({ cards: 0, resolved: 0 }, undefined, '2026-01-01', '2026-11-25')).toMatch(
      /^No session has been published on time yet/,
    );
    expect(trackRecordNote({ cards: 0, resolved: 0 }, '2026-11-02', '2026-01-01', '2026-02-01')).toBe(
      'No card was published on time in 2026-01-01 … 2026-02-01; the track record runs from 2026-11-02.',
    );
    expect(trackRecordNote({ cards: 3, resolved: 0 }, '2026-11-02', '2026-11-01', '2026-11-25')).toMatch(
      /^3 cards were published in 2026-11-01 … 2026-11-25, and none has an outcome yet/,
    );
  });

  it('is null once figures exist', () => {
    expect(trackRecordNote({ cards: 3, resolved: 1 }, '2026-11-02', '2026-11-01', '2026-11-25')).toBeNull();
  });
});
