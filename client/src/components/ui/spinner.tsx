import { useLingui } from '@lingui/react/macro';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-bone-200 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-blood-400" />
      {label ? <span>{label}</span> : <span className="sr-only">{t`Loading`}</span>}
    </span>
  );
}

/** A page on its way (its code or its first data): the spinner with 'Loading...' written out. */
export function PageSpinner({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  return <Spinner label={t`Loading...`} className={className} />;
}
