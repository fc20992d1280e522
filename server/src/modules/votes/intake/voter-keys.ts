import { createHmac } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';

export interface Voter {
  /** HMAC-SHA256 of the address under VOTER_HASH_KEY (hex): stored and compared, never the address. */
  addressHash: string;
  /** HMAC-SHA256 of the address's network (voterNetwork): what the free-vote limit counts. */
  networkHash: string;
  /** HMAC-SHA256 of the address's wider block (voterBlock): what the suspicious-vote rules group by. */
  blockHash: string;
  userId: number | null;
}

/**
 * The network a client address counts as for the free-vote limit: an IPv6 address cut to its first
 * `ipv6Prefix` bits (`2001:db8:1:2::/64`), an IPv4 address (or an IPv4-mapped IPv6 one) to
 * `ipv4Prefix` bits, and the address itself when the prefix is its full length. Anything that is not
 * an IP address counts as itself.
 */
export function voterNetwork(address: string, ipv6Prefix: number, ipv4Prefix: number): string {
  // The common case, an IPv4 client counted by its whole address, without parsing it.
  if (ipv4Prefix >= 32 && isIPv4(address)) return address;
  if (!ipaddr.isValid(address)) return address;
  // IPv4-mapped IPv6 (`::ffff:198.51.100.7`) is the IPv4 client it stands for.
  const ip = ipaddr.process(address);
  const prefix = ip.kind() === 'ipv6' ? ipv6Prefix : ipv4Prefix;
  const bytes = ip.toByteArray();
  if (prefix >= bytes.length * 8) return ipaddr.fromByteArray(bytes).toString();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.min(8, Math.max(0, prefix - i * 8));
    bytes[i] &= (0xff << (8 - keep)) & 0xff;
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}

/**
 * The wider block a client address belongs to, for the suspicious-vote rules: an IPv4 /24 (one
 * organisation's or hosting provider's range), an IPv6 /48 (one site). IPv4-mapped IPv6 counts as IPv4.
 */
export function voterBlock(address: string): string {
  // The common case without parsing: a dotted IPv4 address's first three numbers.
  if (isIPv4(address)) return `${address.slice(0, address.lastIndexOf('.'))}.0/24`;
  return voterNetwork(address, 48, 24);
}

/**
 * Who is voting, as the free-vote rule sees it (one per contestant per 24 hours): the client's
 * network, and the user when signed in. Either one having voted blocks the vote.
 */
@Injectable()
export class VoterKeys {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  voter(address: string, userId: number | null): Voter {
    const key = this.config.VOTER_HASH_KEY;
    // main.ts fills it in (generated in one-process mode); config validation requires it in scaled mode.
    if (!key) throw new Error('VOTER_HASH_KEY is not set');
    const hash = (value: string) => createHmac('sha256', key).update(value).digest('hex');
    const network = voterNetwork(address, this.config.VOTE_IPV6_PREFIX, this.config.VOTE_IPV4_PREFIX);
    const addressHash = hash(address);
    return { addressHash, networkHash: network === address ? addressHash : hash(network), blockHash: hash(voterBlock(address)), userId };
  }

  /**
   * The limiter's keys for this voter, by VOTE_IDENTITY: `network` and `account`, the network and the user
   * when signed in (with `account` a signed-out voter never gets this far: VotesService refuses it first,
   * and the network's key stays a second line against many accounts on one network); `either`, the user
   * alone when signed in, else the network. (An IPv4 client's network at /32 is its address, so its key is
   * the one an address had before networks counted.)
   */
  keys(voter: Voter): string[] {
    const network = `a:${voter.networkHash}`;
    if (voter.userId === null) return [network];
    const account = `u:${voter.userId}`;
    return this.config.VOTE_IDENTITY === 'either' ? [account] : [network, account];
  }

  /** Whether a free vote needs a signed-in account (VOTE_IDENTITY=account). */
  get accountRequired(): boolean {
    return this.config.VOTE_IDENTITY === 'account';
  }
}
