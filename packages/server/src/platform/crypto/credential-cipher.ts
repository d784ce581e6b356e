import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets we must be able to read back (broker credentials, webhook signing secrets). The key is derived from
 * the server secret with HKDF-SHA256 under a purpose label, so it is never the digest key. Output:
 * base64(iv ‖ ciphertext ‖ tag). Tampering fails authentication on decrypt.
 */
export class CredentialCipher {
  private readonly key: Buffer;

  /** `purpose` separates keys: a webhook secret's ciphertext cannot be read as a broker credential. */
  constructor(
    serverSecret: string,
    purpose: 'broker-credentials/v1' | 'webhook-secrets/v1' = 'broker-credentials/v1',
  ) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'bellwether', purpose, 32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
  }

  decrypt(sealed: string): string {
    const raw = Buffer.from(sealed, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed credential is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
