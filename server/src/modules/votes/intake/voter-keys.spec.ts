import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '#server/config/config.js';
import { VoterKeys, voterBlock, voterNetwork } from './voter-keys.js';

const KEY = 'voter-keys-spec-key-0123456789abcdef0123';
const hmac = (value: string) => createHmac('sha256', KEY).update(value).digest('hex');
const keysWith = (ipv6: number, ipv4: number, identity: AppConfig['VOTE_IDENTITY'] = 'network') =>
  new VoterKeys({ VOTER_HASH_KEY: KEY, VOTE_IPV6_PREFIX: ipv6, VOTE_IPV4_PREFIX: ipv4, VOTE_IDENTITY: identity } as AppConfig);

describe(voterNetwork.name, () => {
  it('should count an IPv6 address by its /64 and an IPv4 address by itself', () => {
    expect(voterNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd', 64, 32)).toBe('2001:db8:1:2::/64');
    expect(voterNetwork('2001:db8:1:2::1', 64, 32)).toBe('2001:db8:1:2::/64');
    expect(voterNetwork('2001:DB8:1:2:0:0:0:99', 64, 32)).toBe('2001:db8:1:2::/64');
    expect(voterNetwork('2001:db8:1:3::1', 64, 32)).toBe('2001:db8:1:3::/64');
    expect(voterNetwork('198.51.100.7', 64, 32)).toBe('198.51.100.7');
  });

  it('should count an IPv4-mapped IPv6 address as the IPv4 client it stands for', () => {
    expect(voterNetwork('::ffff:198.51.100.7', 64, 32)).toBe('198.51.100.7');
    expect(voterNetwork('::ffff:198.51.100.7', 64, 24)).toBe('198.51.100.0/24');
  });

  it('should cut at any prefix length, inside a byte too', () => {
    expect(voterNetwork('2001:db8:abcd:1234::1', 48, 32)).toBe('2001:db8:abcd::/48');
    expect(voterNetwork('2001:db8:abcd:12ff::1', 60, 32)).toBe('2001:db8:abcd:12f0::/60');
    expect(voterNetwork('2001:db8::1', 128, 32)).toBe('2001:db8::1');
    expect(voterNetwork('203.0.113.77', 64, 24)).toBe('203.0.113.0/24');
    expect(voterNetwork('203.0.113.77', 64, 20)).toBe('203.0.112.0/20');
  });

  it('should drop an IPv6 zone and count anything that is no IP address as itself', () => {
    expect(voterNetwork('fe80::1:2:3:4%eth0', 64, 32)).toBe('fe80::/64');
    expect(voterNetwork('not-an-address', 64, 32)).toBe('not-an-address');
  });
});

describe(voterBlock.name, () => {
  it('should group IPv4 by its /24 and IPv6 by its /48, IPv4-mapped IPv6 as IPv4', () => {
    expect(voterBlock('198.51.100.7')).toBe('198.51.100.0/24');
    expect(voterBlock('198.51.100.250')).toBe('198.51.100.0/24');
    expect(voterBlock('203.0.113.1')).toBe('203.0.113.0/24');
    expect(voterBlock('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(voterBlock('2001:db8:abcd:1234::1')).toBe('2001:db8:abcd::/48');
    expect(voterBlock('2001:db8:abcd:ffff:1::9')).toBe('2001:db8:abcd::/48');
  });
});

describe(VoterKeys.name, () => {
  it("should key the limit by the network's HMAC, the user's id beside it, and keep the address's HMAC apart", () => {
    const keys = keysWith(64, 32);
    const a = keys.voter('2001:db8:1:2::1', null);
    const b = keys.voter('2001:db8:1:2::99', 7);
    expect(a.networkHash).toBe(hmac('2001:db8:1:2::/64'));
    expect(b.networkHash).toBe(a.networkHash);
    expect(a.addressHash).toBe(hmac('2001:db8:1:2::1'));
    expect(b.addressHash).not.toBe(a.addressHash);
    expect(keys.keys(a)).toEqual([`a:${a.networkHash}`]);
    expect(keys.keys(b)).toEqual([`a:${a.networkHash}`, 'u:7']);
    expect(a.blockHash).toBe(hmac('2001:db8:1::/48'));
    expect(keys.voter('198.51.100.7', null).blockHash).toBe(hmac('198.51.100.0/24'));
    // Nothing of the address itself is in what is kept.
    expect(JSON.stringify([a, b, keys.keys(a)])).not.toContain('2001:db8');
  });

  it("should give an IPv4 client at /32 the key its address had (a voter keeps the day's vote across the change)", () => {
    const v = keysWith(64, 32).voter('198.51.100.7', null);
    expect(v.networkHash).toBe(hmac('198.51.100.7'));
    expect(v.networkHash).toBe(v.addressHash);
  });

  it('should take the prefixes from the configuration', () => {
    const wide = keysWith(48, 24);
    expect(wide.voter('2001:db8:1:2::1', null).networkHash).toBe(wide.voter('2001:db8:1:ffff::1', null).networkHash);
    expect(wide.voter('198.51.100.1', null).networkHash).toBe(wide.voter('198.51.100.200', null).networkHash);
    const narrow = keysWith(64, 32);
    expect(narrow.voter('2001:db8:1:2::1', null).networkHash).not.toBe(narrow.voter('2001:db8:1:ffff::1', null).networkHash);
  });

  it('should key a signed-in voter by network and account with VOTE_IDENTITY=account, and by the account alone with either', () => {
    const account = keysWith(64, 32, 'account');
    const either = keysWith(64, 32, 'either');
    const net = `a:${account.voter('198.51.100.7', null).networkHash}`;
    expect(account.keys(account.voter('198.51.100.7', 7))).toEqual([net, 'u:7']);
    expect(account.accountRequired).toBe(true);
    expect(either.keys(either.voter('198.51.100.7', 7))).toEqual(['u:7']);
    expect(either.keys(either.voter('198.51.100.7', null))).toEqual([net]);
    expect(either.accountRequired).toBe(false);
    expect(keysWith(64, 32).accountRequired).toBe(false);
  });
});
