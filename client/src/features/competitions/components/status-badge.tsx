import { useLingui } from '@lingui/react';
import { badgeClass, type BadgeTone } from '@/components/ui/badge';
import { STATUS_LABELS, type CompetitionStatus } from '../content/competitions';

const TONES: Record<CompetitionStatus, BadgeTone> = { Active: 'red', Upcoming: 'amber', Past: 'gray' };

export function StatusBadge({ status }: { status: CompetitionStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={badgeClass(TONES[status])} data-status={status}>
      {status === 'Active' ? <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-blood-400" /> : null}
      {i18n._(STATUS_LABELS[status])}
    </span>
  );
}
