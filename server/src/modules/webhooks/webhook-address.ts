// Where a webhook may be sent: only public internet addresses (unless WEBHOOKS_ALLOW_PRIVATE), checked
// when an endpoint is registered and again at each delivery, on the addresses its host name resolves to
// then; the connection goes to the very address that was checked, so a name that changes its answer
// between the check and the connection (DNS rebinding) cannot reach a private address.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages.js';

/** Why an address is refused: the text the owner reads (registration) or the delivery log records. */
export class WebhookAddressRefused extends Error {}

/**
 * Whether an IP address is a public unicast one: not private (10/8, 172.16/12, 192.168/16), loopback,
 * link-local, unique-local (fc00::/7), carrier-grade NAT (100.64/10), multicast, unspecified, reserved,
 * documentation or another special range. An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  // IPv6: only the global unicast block (2000::/3); the rest of the space (an IPv4 address written the
  // old compatible way, ::7f00:1) is not the public internet.
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** The address, or the reason it is refused, for a URL an owner gives: the scheme, then an IP written in it. */
export function checkUrlShape(url: string, allowPrivate: boolean): void {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) throw new WebhookAddressRefused(WEBHOOK_MESSAGES.httpsRequired);
  const host = hostOf(parsed);
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new WebhookAddressRefused(WEBHOOK_MESSAGES.privateAddress);
}

/** The URL's host as an address or name ([::1] without its brackets). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/**
 * The addresses a host name resolves to, when every one of them may be sent to; refused when any may
 * not (a name answering both a public and a private address is refused whole), or when it resolves to none.
 */
export async function resolvePublic(host: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<LookupAddress[]> {
  if (isIP(host)) {
    if (!allowPrivate && !isPublicAddress(host)) throw new WebhookAddressRefused(WEBHOOK_MESSAGES.privateAddress);
    return [{ address: host, family: isIP(host) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new WebhookAddressRefused(WEBHOOK_MESSAGES.unresolvable);
  }
  if (!addresses.length) throw new WebhookAddressRefused(WEBHOOK_MESSAGES.unresolvable);
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookAddressRefused(WEBHOOK_MESSAGES.privateAddress);
  return addresses;
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect that resolves, refuses any answer holding a non-public address, and
 * hands the checked addresses to the connection (`all`: every one, as Node's family autoselection asks).
 */
export function safeLookup(allowPrivate: boolean, resolve: Resolve = systemResolve) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolvePublic(host, allowPrivate, resolve).then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
      (err: Error) => callback(err, ''),
    );
  };
}
