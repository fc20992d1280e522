// A form the page's code sends (a server drawing shows it before the code runs): its fields take input
// only once the page has hydrated, so nothing is submitted by the browser itself (a sign-in sent as an
// address query), and without JavaScript a note says what is needed.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

export function ScriptsNeeded({ what, children }: { what: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const { t } = useLingui();
  return (
    <>
      <noscript>
        <p className="mb-5 rounded-md border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-sm text-amber-100">
          {t`${what} needs JavaScript: please turn it on in your browser and reload this page.`}
        </p>
      </noscript>
      <fieldset disabled={!hydrated} className="min-w-0">
        {children}
      </fieldset>
    </>
  );
}
