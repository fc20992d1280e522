import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages.js';
import { checkUrlShape, isPublicAddress, resolvePublic, safeLookup } from './webhook-address.js';

describe('webhook addresses', () => {
  it('should take public unicast addresses and refuse private, loopback, link-local, unique-local, CGNAT and special ones', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
    for (const a of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // IPv4 written the old compatible way, and IPv6 outside the global unicast block.
      '::7f00:1',
      '::a9fe:a9fe',
      '4000::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
  });

  it('should ask for https, and refuse a private address written in the URL, unless private addresses are allowed', () => {
    expect(() => checkUrlShape('http://example.com/hook', false)).toThrow(WEBHOOK_MESSAGES.httpsRequired);
    expect(() => checkUrlShape('https://127.0.0.1/hook', false)).toThrow(WEBHOOK_MESSAGES.privateAddress);
    expect(() => checkUrlShape('https://[::1]:8443/hook', false)).toThrow(WEBHOOK_MESSAGES.privateAddress);
    expect(() => checkUrlShape('https://example.com/hook', false)).not.toThrow();
    expect(() => checkUrlShape('http://127.0.0.1:9000/hook', true)).not.toThrow();
  });

  it('should refuse a name when any address it resolves to is not public, or when it resolves to none', async () => {
    const answers =
      (...addresses: string[]) =>
      () =>
        Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    await expect(resolvePublic('hooks.example', false, answers('93.184.216.34'))).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    await expect(resolvePublic('hooks.example', false, answers('93.184.216.34', '10.0.0.5'))).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(resolvePublic('hooks.example', false, answers())).rejects.toThrow(WEBHOOK_MESSAGES.unresolvable);
    await expect(resolvePublic('hooks.example', false, () => Promise.reject(new Error('ENOTFOUND')))).rejects.toThrow(WEBHOOK_MESSAGES.unresolvable);
    await expect(resolvePublic('hooks.example', true, answers('127.0.0.1'))).resolves.toHaveLength(1);
  });

  it('should hand the connection only the addresses it checked, in the form the caller asks for', async () => {
    const lookup = safeLookup(false, () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]));
    const one = await new Promise((resolve) => lookup('hooks.example', {}, (err, address, family) => resolve([err, address, family])));
    expect(one).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise((resolve) => lookup('hooks.example', { all: true }, (err, address) => resolve([err, address])));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
    const refused = safeLookup(false, () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]));
    const err = await new Promise((resolve) => refused('localhost', {}, (e) => resolve(e)));
    expect((err as Error).message).toBe(WEBHOOK_MESSAGES.privateAddress);
  });
});
