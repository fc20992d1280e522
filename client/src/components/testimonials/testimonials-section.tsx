// 'Voices From the Stage': the sample testimonials with avatars the site draws itself (no image host).
// Small on purpose (text and inline SVG, no pictures to fetch): the landing page carries it in its first chunk.
import { useLingui } from '@lingui/react/macro';
import { GeneratedAvatar } from './generated-avatar';
import { TESTIMONIALS, type Testimonial } from './testimonials';

interface TestimonialsSectionProps {
  items?: readonly Testimonial[];
  id?: string;
  title?: string;
  eyebrow?: string;
}

export function TestimonialsSection({ items = TESTIMONIALS, id = 'testimonials', title, eyebrow }: TestimonialsSectionProps) {
  const { t, i18n } = useLingui();
  title ??= t`Voices From the Stage`;
  eyebrow ??= t`Straight from the set`;
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className="below-fold scroll-mt-20 bg-night-950 px-4 py-20 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">{eyebrow}</p>
        <h2 id={titleId} className="mt-3 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">
          {title}
        </h2>
        <div aria-hidden="true" className="mx-auto mt-5 h-1 w-24 rounded-full bg-blood-600" />
      </div>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.name} className="rounded-xl border border-night-700 bg-night-900/80 p-6 shadow-xl">
            <figure className="flex h-full flex-col">
              <blockquote className="flex-1 text-pretty leading-relaxed text-bone-200">“{i18n._(item.quote)}”</blockquote>
              <figcaption className="mt-5 flex items-center gap-4">
                <GeneratedAvatar name={item.name} />
                <span className="min-w-0">
                  <span className="block font-semibold text-bone-50">{item.name}</span>
                  <span className="block text-sm text-bone-400">{i18n._(item.role)}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
