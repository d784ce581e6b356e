import type { BrokerConnectionRecord } from '../db/broker-connections-repo.js';
import type { CredentialCipher } from '../platform/crypto/credential-cipher.js';
import type { BrokerCredentials } from './broker-port.js';

/** The credentials as sealed at rest: JSON `{key_id, secret}` under the broker cipher. */
export function sealCredentials(cipher: CredentialCipher, keyId: string, secret: string): string {
  return cipher.encrypt(JSON.stringify({ key_id: keyId, secret }));
}

/** A connection's credentials, opened for one call. */
export function openCredentials(
  cipher: CredentialCipher,
  connection: Pick<BrokerConnectionRecord, 'ciphertext' | 'environment'>,
): BrokerCredentials {
  const sealed = JSON.parse(cipher.decrypt(connection.ciphertext)) as { key_id: string; secret: string };
  return { environment: connection.environment, keyId: sealed.key_id, secret: sealed.secret };
}

/** What the customer may see of a key id: its last four characters. */
export function keyIdLast4(keyId: string): string {
  return keyId.slice(-4);
}
