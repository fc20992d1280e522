import { createHmac } from 'node:crypto';

/**
 * Rate-limit keys hold a keyed hash of what they count (an address, an e-mail), never the value
 * itself: the limiter's storage must not become a log of who tried what from where.
 */
export function throttleKey(secret: string, kind: string, value: string): string {
  return `${kind}:${createHmac('sha256', secret).update(value).digest('hex').slice(0, 40)}`;
}
