import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderInLocale } from '@/testing/i18n';
import { avatarLook, GeneratedAvatar, initialsOf } from './generated-avatar';
import { TESTIMONIALS } from './testimonials';
import { TestimonialsSection } from './testimonials-section';

describe('GeneratedAvatar', () => {
  it('should draw the same look for the same name and different looks for different names', () => {
    expect(avatarLook('Mara Quinn')).toEqual(avatarLook('Mara Quinn'));
    const hues = new Set(TESTIMONIALS.map((t) => avatarLook(t.name).hue));
    expect(hues.size).toBe(TESTIMONIALS.length);
  });

  it('should take up to two initials', () => {
    expect(initialsOf('Mara Quinn')).toBe('MQ');
    expect(initialsOf('  raven ')).toBe('R');
    expect(initialsOf('Anna de la Cruz')).toBe('AC');
    expect(initialsOf('')).toBe('?');
  });

  it('should be an inline SVG with the initials and no address to fetch', () => {
    const { container } = renderInLocale(<GeneratedAvatar name="Darius Cole" />);
    const svg = screen.getByRole('img', { name: 'Avatar of Darius Cole' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg).toHaveTextContent('DC');
    expect(container.querySelector('image, img, use')).toBeNull();
    // Fills refer only to the avatar's own gradients.
    for (const el of container.querySelectorAll('[fill^="url("]')) expect(el.getAttribute('fill')).toMatch(/^url\(#/);
  });
});

describe('TestimonialsSection', () => {
  it('should show every testimonial with its name, role, quote and avatar', () => {
    const { i18n } = renderInLocale(<TestimonialsSection />);
    const section = screen.getByRole('region', { name: 'Voices From the Stage' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(TESTIMONIALS.length);
    TESTIMONIALS.forEach((t, i) => {
      expect(within(items[i]).getByText(t.name)).toBeInTheDocument();
      expect(within(items[i]).getByText(i18n._(t.role))).toBeInTheDocument();
      expect(items[i]).toHaveTextContent(i18n._(t.quote));
      expect(within(items[i]).getByRole('img', { name: `Avatar of ${t.name}` })).toBeInTheDocument();
    });
  });
});
