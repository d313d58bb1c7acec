import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What an encrypted secret starts with; a stored secret without it is a plain base32 secret of before. */
const PREFIX = 'enc:v1:';

/** a key's short public name, stored with each secret, so a rotation knows which key a secret was written with */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * TOTP secrets at rest: AES-256-GCM (Node's crypto, no hand-made cipher), a random 96-bit IV per secret, the
 * user's id as additional data (a secret copied to another user's row does not decrypt). Stored as
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url). The current key encrypts; previous keys still decrypt
 * until `rewrite` has moved every secret to the current key (ARCHITECTURE.md "Security", key rotation).
 */
export class MfaSecretCipher {
  private readonly keys: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(
    private readonly current: Buffer,
    previous: Buffer[] = [],
  ) {
    this.currentKeyId = keyIdOf(current);
    this.keys = new Map([...previous, current].map((k) => [keyIdOf(k), k]));
  }

  encrypt(userId: number, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv).setAAD(aad(userId));
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.currentKeyId}:${[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join(':')}`;
  }

  /** The plain secret; a plain (not yet encrypted) one is answered as it is. Throws for an unknown key or a forgery. */
  decrypt(userId: number, stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [keyId, iv, tag, data] = stored.slice(PREFIX.length).split(':');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`TOTP secret of user ${userId} was encrypted with an unknown key ${keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The stored secret is plain or under a previous key: `rewrite` encrypts it with the current key. */
  isStale(stored: string): boolean {
    return !stored.startsWith(`${PREFIX}${this.currentKeyId}:`);
  }

  /** The stored value re-encrypted with the current key. */
  rewrite(userId: number, stored: string): string {
    return this.encrypt(userId, this.decrypt(userId, stored));
  }
}

const aad = (userId: number) => Buffer.from(`user_mfa:${userId}`, 'utf8');

/** The cipher of the identity settings: MFA_ENCRYPTION_KEY encrypts, MFA_ENCRYPTION_PREVIOUS_KEYS still decrypt. */
export const mfaCipherFor = (c: { MFA_ENCRYPTION_KEY: string; MFA_ENCRYPTION_PREVIOUS_KEYS: string[] }) =>
  new MfaSecretCipher(
    Buffer.from(c.MFA_ENCRYPTION_KEY, 'base64'),
    c.MFA_ENCRYPTION_PREVIOUS_KEYS.map((k) => Buffer.from(k, 'base64')),
  );
