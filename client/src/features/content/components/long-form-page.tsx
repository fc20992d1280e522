// The one frame of the long-form pages (about, privacy, terms): title, date line, a table
// of contents whose links go to the sections' ids, the sections in a readable measure, and 'Back to top'.
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUp } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { scrollToId } from '@/lib/motion';

export interface ContentSection {
  /** The anchor: the section's id and the table of contents' link target. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LongFormPageProps {
  title: string;
  /** "Effective July 29, 2025", "Last updated ...". */
  dateLine?: string;
  intro?: ReactNode;
  sections: readonly ContentSection[];
}

export function LongFormPage({ title, dateLine, intro, sections }: LongFormPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useLingui();
  const backToTop = () => {
    if (!scrollToId('page-top')) window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  };
  return (
    <article id="page-top" className="grain scroll-mt-20 px-4 py-14 sm:px-6 lg:py-20">
      <header className="mx-auto max-w-3xl">
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-4xl font-bold tracking-tight text-bone-50 outline-none sm:text-5xl">
          {title}
        </h1>
        {dateLine ? <p className="mt-3 text-sm font-semibold uppercase tracking-[0.2em] text-blood-400">{dateLine}</p> : null}
        {intro ? <div className="mt-6 text-lg leading-relaxed text-bone-200">{intro}</div> : null}
      </header>
      <div className="mx-auto mt-10 grid max-w-5xl gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label={t`Contents`} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-[0.2em] text-bone-400">
            <Trans>Contents</Trans>
          </h2>
          <ol className="mt-3 space-y-1 border-l border-night-700 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <Link
                  to={{ hash: s.id }}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-3 text-bone-200 hover:border-blood-500 hover:text-blood-300 focus-visible:outline-2 focus-visible:outline-blood-400"
                >
                  {s.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl">
          {sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24 border-t border-night-800 py-8 first:border-t-0 first:pt-0">
              <h2 id={`${s.id}-title`} className="font-display text-2xl font-bold text-bone-50 sm:text-3xl">
                {s.title}
              </h2>
              <div className="mt-4 space-y-4 text-base leading-relaxed text-bone-200 [overflow-wrap:anywhere] [&_a]:text-blood-300 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-blood-400 [&_li]:ml-5 [&_strong]:text-bone-50 [&_ul]:list-disc [&_ul]:space-y-2">
                {s.body}
              </div>
            </section>
          ))}
          <p className="mt-6 border-t border-night-800 pt-6">
            <button
              type="button"
              onClick={backToTop}
              className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-bone-200 hover:text-blood-300 focus-visible:outline-2 focus-visible:outline-blood-400"
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              <Trans>Back to top</Trans>
            </button>
          </p>
        </div>
      </div>
    </article>
  );
}
