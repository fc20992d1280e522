import { describe, expect, it } from '@jest/globals';
import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import type { AppConfig } from '#server/config/config.js';
import { voteRefusal } from './vote-rules.js';
import { VoterKeys } from './voter-keys.js';
import type { VoteTarget } from './votes.repository.js';

const now = new Date('2026-06-15T12:00:00Z');
const target = (over: Partial<VoteTarget> = {}): VoteTarget => ({
  profileId: 1,
  username: 'mara',
  contest: { id: 3, startDate: new Date('2026-06-01T00:00:00Z'), endDate: new Date('2026-07-01T00:00:00Z'), voteChallenge: null },
  entry: { id: 9, groupId: 4, isEliminated: false },
  ...over,
});

describe(voteRefusal.name, () => {
  it('should allow a vote for an active entry while the current contest runs (an open-ended one too)', () => {
    expect(voteRefusal(target(), now)).toBeNull();
    expect(voteRefusal(target({ contest: { id: 3, startDate: new Date('2026-06-01T00:00:00Z'), endDate: null, voteChallenge: null } }), now)).toBeNull();
  });

  it('should name each reason to refuse, in the order the client would fix them', () => {
    expect(voteRefusal(target({ contest: null, entry: null }), now)).toBe(VOTE_MESSAGES.noCurrentContest);
    expect(voteRefusal(target({ contest: { id: 3, startDate: new Date('2026-06-16T00:00:00Z'), endDate: null, voteChallenge: null } }), now)).toBe(
      VOTE_MESSAGES.notStarted,
    );
    expect(voteRefusal(target({ contest: { id: 3, startDate: new Date('2026-06-01T00:00:00Z'), endDate: now, voteChallenge: null } }), now)).toBe(
      VOTE_MESSAGES.ended,
    );
    expect(voteRefusal(target({ entry: null }), now)).toBe(VOTE_MESSAGES.notInContest);
    expect(voteRefusal(target({ entry: { id: 9, groupId: 4, isEliminated: true } }), now)).toBe(VOTE_MESSAGES.eliminated);
  });
});

describe(VoterKeys.name, () => {
  const keys = (secret: string) => new VoterKeys({ VOTER_HASH_KEY: secret } as AppConfig);

  it('should key an address by its HMAC, never by the address itself', () => {
    const voter = keys('k'.repeat(32)).voter('203.0.113.7', null);
    expect(voter.addressHash).toMatch(/^[0-9a-f]{64}$/);
    expect(voter.addressHash).not.toContain('203.0.113.7');
    expect(keys('k'.repeat(32)).voter('203.0.113.7', null).addressHash).toBe(voter.addressHash);
    expect(keys('j'.repeat(32)).voter('203.0.113.7', null).addressHash).not.toBe(voter.addressHash);
  });

  it('should add the user as a second key when signed in', () => {
    const k = keys('k'.repeat(32));
    expect(k.keys(k.voter('203.0.113.7', null))).toHaveLength(1);
    expect(k.keys(k.voter('203.0.113.7', 42))).toEqual([expect.stringMatching(/^a:[0-9a-f]{64}$/), 'u:42']);
  });

  it('should refuse to hash without a key rather than hash with none', () => {
    expect(() => new VoterKeys({} as AppConfig).voter('203.0.113.7', null)).toThrow('VOTER_HASH_KEY');
  });
});
