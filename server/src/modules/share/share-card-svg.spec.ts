import { describe, expect, it } from '@jest/globals';
import type { ShareFacts } from '#contract/profiles/share.js';
import { nameLines, shareCardSvg } from './share-card-svg.js';

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
