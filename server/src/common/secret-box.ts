// Secrets kept at rest, sealed: AES-256-GCM under a key derived with HKDF-SHA256 from the server's own
// secret (JWT_SECRET) for one purpose, so no other use of that secret ever meets this key. Each sealed
// value is bound to its context (the account it belongs to): copied onto another row it does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const CIPHER = 'aes-256-gcm';
/** The sealed form's version, the first dot-separated part: a later format can be told apart. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = 'screamstage secret-box';

export class SecretBox {
  private readonly key: Buffer;

  /** `purpose` names what the key seals (`two-factor-secret`): each purpose gets a key of its own. */
  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, SALT, purpose, 32));
  }

  /** `v1.<base64url of iv, tag and ciphertext>`; a fresh random IV each time. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The sealed text, or null when it was not sealed by this key for this context or was changed. */
  open(sealed: string, context: string): string | null {
    const [version, data, ...rest] = sealed.split('.');
    if (version !== VERSION || data === undefined || rest.length > 0) return null;
    const raw = Buffer.from(data, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv(CIPHER, this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
