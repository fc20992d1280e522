import { useLingui } from '@lingui/react/macro';
import { Skull } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useProductName, useSiteLogo } from '@/lib/api/site';
import { paths } from '@/lib/paths';

/** The logo links to / on every page: the organizer's picture (else the product's mark) beside the site's name. */
export function Logo() {
  const name = useProductName();
  const logo = useSiteLogo();
  const { t } = useLingui();
  return (
    <Link to={paths.home()} aria-label={t`${name} home`} className="group inline-flex min-w-0 items-center gap-2 rounded-md">
      {logo ? (
        <img src={logo} alt={name} className="h-8 w-auto max-w-32 shrink-0 object-contain" />
      ) : (
        <Skull aria-hidden="true" className="size-7 shrink-0 text-blood-500 transition-transform group-hover:rotate-[-8deg]" />
      )}
      <span aria-hidden="true" className="truncate font-display text-2xl font-bold tracking-tight text-bone-50">
        {name}
      </span>
    </Link>
  );
}
