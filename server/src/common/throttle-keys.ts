import { createHmac } from 'node:crypto';

/**
 * Rate-limit keys hold a keyed hash of what they count (an address, an e-mail), never the value
 * itself: the limiter's storage must not become a log of who tried what from where.
 */
export function throttleKey(secret: string, kind: string, value: string): string {
  return `${kind}:${createHmac('sha256', secret).update(value).digest('hex').slice(0, 40)}`;
}

/**
 * The mailbox an address delivers to, for counting: lower-cased, with a `+tag` of the local part
 * dropped (`Ann+1@Example.com` and `ann@example.com` reach the same person, so they share a limit).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at).split('+')[0] || address.slice(0, at);
  return `${local}${address.slice(at)}`;
}
