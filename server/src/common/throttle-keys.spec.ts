import { describe, expect, it } from '@jest/globals';
import { mailboxOf, throttleKey } from './throttle-keys.js';

describe('throttle keys', () => {
  it('folds case and +tags into one mailbox', () => {
    expect(mailboxOf(' Ann+news@Example.COM ')).toBe('ann@example.com');
    expect(mailboxOf('ann+a+b@example.com')).toBe('ann@example.com');
    expect(mailboxOf('ann@example.com')).toBe('ann@example.com');
  });

  it('keeps an address whose local part is only a tag, and odd input, as it is', () => {
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
    expect(mailboxOf('no-at-sign')).toBe('no-at-sign');
  });

  it('never holds the value itself', () => {
    const key = throttleKey('secret', 'support', 'ann@example.com');
    expect(key).toMatch(/^support:[0-9a-f]{40}$/);
    expect(key).not.toContain('ann');
    expect(throttleKey('other', 'support', 'ann@example.com')).not.toBe(key);
  });
});
