import { describe, expect, it } from '@jest/globals';
import type { ContestantProfile } from './answers.js';
import { PROFILE_PORTRAIT_SIZES } from './picture-variants.js';
import { escapeMarkup, profileHeadTags, shareCardVersion, shareFactsOf, type ShareFacts } from './share.js';

const facts = (over: Partial<ShareFacts> = {}): ShareFacts => ({
  username: 'vivienne.crane',
  firstName: 'Vivienne',
  fullName: 'Vivienne Crane',
  category: 'Scream Queens',
  contestName: 'Fright Night Cup',
  rank: 2,
  votes: 1204,
  photoUrl: null,
  ...over,
});
const ctx = { productName: 'ScreamStage', pageUrl: 'https://example.com/profile/vivienne.crane', imageUrl: 'https://example.com/card.png?v=1' };

describe(escapeMarkup.name, () => {
  it('should escape markup and quotes and drop characters XML refuses', () => {
    expect(escapeMarkup(`"<b>&'`)).toBe('&quot;&lt;b&gt;&amp;&#39;');
    expect(escapeMarkup('a\u0000b\u001Fc\td\uD800e😱')).toBe('abc\tde😱');
  });
});

describe(profileHeadTags.name, () => {
  it('should describe where the contestant stands, once, and point to the card', () => {
    const tags = profileHeadTags(facts(), ctx);
    expect(tags.match(/name="description"/g)).toHaveLength(1);
    expect(tags).toContain(
      '<meta name="description" content="Scream Queens in Fright Night Cup: #2 in Group with 1,204 votes. Vote for Vivienne on ScreamStage." />',
    );
    expect(tags).toContain('<meta property="og:image" content="https://example.com/card.png?v=1" />');
  });

  it('should escape a name with markup and $ patterns as written', () => {
    const tags = profileHeadTags(facts({ fullName: "$& $' $1" }), ctx);
    expect(tags).toContain('<meta property="og:title" content="$&amp; $&#39; $1" />');
  });

  it('should name no rank or contest when there is none, and a single vote as one', () => {
    const tags = profileHeadTags(facts({ contestName: null, rank: null, votes: 1 }), ctx);
    expect(tags).toContain('<meta property="og:description" content="Scream Queens on ScreamStage with 1 vote. Vote for Vivienne on ScreamStage." />');
  });
});

describe(`${profileHeadTags.name} portrait preload`, () => {
  it("should preload the portrait's WebP variants at high priority, with the page's srcset and sizes", () => {
    const tags = profileHeadTags(facts({ photoUrl: '/uploads/profiles/0b1c-22.jpg' }), ctx);
    const preload = tags
      .split('\n')
      .find((t) => t.includes('rel="preload"'))
      ?.trim();
    expect(preload).toBe(
      '<link rel="preload" as="image" type="image/webp" href="/uploads/variants/profiles/0b1c-22-320w.webp" ' +
        'imagesrcset="/uploads/variants/profiles/0b1c-22-64w.webp 64w, /uploads/variants/profiles/0b1c-22-160w.webp 160w, /uploads/variants/profiles/0b1c-22-320w.webp 320w, /uploads/variants/profiles/0b1c-22-640w.webp 640w, /uploads/variants/profiles/0b1c-22-1280w.webp 1280w" ' +
        `imagesizes="${PROFILE_PORTRAIT_SIZES}" fetchpriority="high" />`,
    );
  });

  it('should preload nothing without a photo, or for a picture that has no variants', () => {
    expect(profileHeadTags(facts({ photoUrl: null }), ctx)).not.toContain('rel="preload"');
    expect(profileHeadTags(facts({ photoUrl: 'https://elsewhere.example/x.jpg' }), ctx)).not.toContain('rel="preload"');
  });
});

describe(shareCardVersion.name, () => {
  it('should be 12 hex digits that change with anything the card shows, and only then', () => {
    const version = shareCardVersion(facts(), 'ScreamStage');
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(shareCardVersion(facts(), 'ScreamStage')).toBe(version);
    for (const other of [facts({ votes: 1205 }), facts({ rank: 1 }), facts({ photoUrl: '/uploads/profiles/a.jpg' }), facts({ contestName: null })]) {
      expect(shareCardVersion(other, 'ScreamStage')).not.toBe(version);
    }
    expect(shareCardVersion(facts(), 'Fright Stage')).not.toBe(version);
  });
});

describe(shareFactsOf.name, () => {
  it("should read a profile's name, category, votes, first photo and, in a contest, its rank", () => {
    const profile = {
      user: { username: 'vivienne.crane', first_name: 'Vivienne', last_name: 'Crane' },
      category: 'Scream Queens',
      total_votes: 1204,
      current_position_in_group: 2,
      pictures_urls: ['/uploads/profiles/a.jpg', '/uploads/profiles/b.jpg'],
    } as unknown as ContestantProfile;
    expect(shareFactsOf(profile, 'Fright Night Cup')).toEqual(facts({ photoUrl: '/uploads/profiles/a.jpg' }));
    expect(shareFactsOf(profile, null)).toEqual(facts({ photoUrl: '/uploads/profiles/a.jpg', contestName: null, rank: null }));
  });
});
