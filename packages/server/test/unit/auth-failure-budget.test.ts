import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/http/address-key.js';
import { AuthFailureBudget } from '../../src/http/pipeline/auth-failure-budget.js';

describe('AuthFailureBudget (fake clock)', () => {
  it('allows perMinute failures, then says when the next one refills', () => {
    let now = 0;
    const budget = new AuthFailureBudget(6, { now: () => now });
    for (let i = 0; i < 6; i++) {
      expect(budget.retryAfter('a')).toBe(0);
      budget.spend('a');
    }
    expect(budget.retryAfter('a')).toBe(10); // one token every 10 s
    expect(budget.retryAfter('b')).toBe(0);
    now = 9_999;
    expect(budget.retryAfter('a')).toBe(1);
    now = 10_000;
    expect(budget.retryAfter('a')).toBe(0);
    budget.spend('a');
    expect(budget.retryAfter('a')).toBe(10);
    now = 70_000; // a quiet minute refills the whole budget, never more
    for (let i = 0; i < 6; i++) budget.spend('a');
    expect(budget.retryAfter('a')).toBe(10);
  });

  it('is off at 0', () => {
    const budget = new AuthFailureBudget(0);
    for (let i = 0; i < 1000; i++) budget.spend('a');
    expect(budget.retryAfter('a')).toBe(0);
  });

  it('keeps at most `capacity` addresses, forgetting the one that failed least recently', () => {
    const budget = new AuthFailureBudget(1, { capacity: 2, now: () => 0 });
    budget.spend('a');
    budget.spend('b');
    budget.spend('a');
    budget.spend('c'); // forgets b
    expect(budget.retryAfter('a')).toBeGreaterThan(0);
    expect(budget.retryAfter('c')).toBeGreaterThan(0);
    expect(budget.retryAfter('b')).toBe(0);
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(undefined)).toBe('');
  });
});
