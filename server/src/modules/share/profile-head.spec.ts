import { describe, expect, it } from '@jest/globals';
import { PROFILE_PORTRAIT_SIZES } from '#contract/picture-variants.js';
import { profileHeadTags } from './profile-head.js';
import { nameLines, shareCardSvg } from './share-card-svg.js';
import { escapeMarkup } from './share-text.js';
import type { ShareFacts } from './share.types.js';

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
  it("should title the page by the contestant's name and describe where they stand", () => {
    const { title, tags } = profileHeadTags(facts(), ctx);
    expect(title).toBe('<title>Vivienne Crane | ScreamStage</title>');
    expect(tags.match(/name="description"/g)).toHaveLength(1);
    expect(tags).toContain(
      '<meta name="description" content="Scream Queens in Fright Night Cup: #2 in Group with 1,204 votes. Vote for Vivienne on ScreamStage." />',
    );
    expect(tags).toContain('<meta property="og:image" content="https://example.com/card.png?v=1" />');
  });

  it('should escape a name with markup and $ patterns as written', () => {
    const { title, tags } = profileHeadTags(facts({ fullName: "$& $' $1" }), ctx);
    expect(title).toBe('<title>$&amp; $&#39; $1 | ScreamStage</title>');
    expect(tags).toContain('<meta property="og:title" content="$&amp; $&#39; $1" />');
  });

  it('should name no rank or contest when there is none, and a single vote as one', () => {
    const { tags } = profileHeadTags(facts({ contestName: null, rank: null, votes: 1 }), ctx);
    expect(tags).toContain('<meta property="og:description" content="Scream Queens on ScreamStage with 1 vote. Vote for Vivienne on ScreamStage." />');
  });
});

describe(shareCardSvg.name, () => {
  it('should escape every text of the card', () => {
    const svg = shareCardSvg(facts({ fullName: '"<b>& </text><script>', contestName: "A & B's <cup>" }), { productName: 'S&S', hasPhoto: false });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&quot;&lt;b&gt;&amp;');
    expect(svg).toContain('A &amp; B&#39;s &lt;cup&gt;');
    expect(svg).toContain('S&amp;S');
  });

  it('should break a long name on two lines and cut what still does not fit', () => {
    expect(nameLines('Ada Shriek')).toEqual({ size: 72, lines: ['Ada Shriek'] });
    const long = nameLines('Maximiliana Evangeline Throckmorton-Smythe the Third');
    expect(long.lines).toHaveLength(2);
    expect(long.lines[0]).toBe('Maximiliana');
    expect(long.lines[1].endsWith('…')).toBe(true);
    expect(nameLines('X'.repeat(100)).lines).toEqual([`${'X'.repeat(15)}…`]);
  });
});

describe(`${profileHeadTags.name} portrait preload`, () => {
  it("should preload the portrait's WebP variants at high priority, with the page's srcset and sizes", () => {
    const { tags } = profileHeadTags(facts({ photoUrl: '/uploads/profiles/0b1c-22.jpg' }), ctx);
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
    expect(profileHeadTags(facts({ photoUrl: null }), ctx).tags).not.toContain('rel="preload"');
    expect(profileHeadTags(facts({ photoUrl: 'https://elsewhere.example/x.jpg' }), ctx).tags).not.toContain('rel="preload"');
  });
});
