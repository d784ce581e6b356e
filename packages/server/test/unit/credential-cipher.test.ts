import { describe, expect, it } from 'vitest';
import { CredentialCipher } from '../../src/platform/crypto/credential-cipher.js';

describe('CredentialCipher (AES-256-GCM)', () => {
  const cipher = new CredentialCipher('x'.repeat(40));

  it('round-trips and never emits the plaintext', () => {
    const sealed = cipher.encrypt('broker-api-secret-123');
    expect(sealed).not.toContain('broker-api-secret');
    expect(cipher.decrypt(sealed)).toBe('broker-api-secret-123');
  });

  it('uses a fresh IV per encryption', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('rejects tampered ciphertext and a different server secret', () => {
    const sealed = Buffer.from(cipher.encrypt('secret'), 'base64');
    sealed[14] = (sealed[14] as number) ^ 1;
    expect(() => cipher.decrypt(sealed.toString('base64'))).toThrow();
    expect(() => new CredentialCipher('y'.repeat(40)).decrypt(cipher.encrypt('secret'))).toThrow();
  });
});
