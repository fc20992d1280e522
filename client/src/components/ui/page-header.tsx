// Page frame and title block shared by the contest and admin pages.
import { ArrowLeft } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * What a group of pages shows above each of its pages (the site-content tabs), inside the page's frame:
 * set by the group's layout route. It keeps one width across the group, so it stays put between pages.
 */
export const PageSectionLead = createContext<ReactNode>(null);

export function PageSection({ children, width = 'max-w-6xl' }: { children: ReactNode; width?: string }) {
  const lead = useContext(PageSectionLead);
  return (
    <section className="grain flex-1 px-4 py-10 sm:px-6 lg:px-8">
      {lead ? <div className="mx-auto mb-8 max-w-5xl">{lead}</div> : null}
      <div className={`mx-auto ${width}`}>{children}</div>
    </section>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-bone-400 hover:text-blood-300">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

export function PageHeader({ title, subtitle, actions, back }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; back?: ReactNode }) {
  return (
    <header className="mb-8">
      {back ? <div className="mb-4">{back}</div> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words font-display text-3xl font-bold tracking-tight text-bone-50 sm:text-4xl">{title}</h1>
          {subtitle ? <div className="mt-2 text-bone-200">{subtitle}</div> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
      </div>
    </header>
  );
}
