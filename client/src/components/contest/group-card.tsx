// One group: number, status (a switch where the admin may toggle it), fill against the one capacity
// (group_size_cap or the server's default), Group Full / Open Spots, View Contestants.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { ContestGroup } from '#contract/contests/answers';
import { Badge, StatusToggle } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button-styles';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/lib/paths';

interface Props {
  group: ContestGroup;
  onToggle?: (group: ContestGroup) => void;
  pending?: boolean;
  /** 2 where the card sits right under the page's h1, 3 under a section heading (heading order). */
  headingLevel?: 2 | 3;
}

export function GroupCard({ group, onToggle, pending, headingLevel = 3 }: Props) {
  const { t } = useLingui();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const number = group.group_number;
  const name = t`Group ${number}`;
  const titleId = `group-${group.id}-title`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-xl border border-night-700 bg-night-900/90 p-5 shadow-xl">
      <div className="flex items-start justify-between gap-3">
        <Heading id={titleId} className="text-lg font-bold text-bone-50">
          {name}
        </Heading>
        {onToggle ? (
          <StatusToggle active={group.is_active} subject={name} pending={pending} onToggle={() => onToggle(group)} />
        ) : (
          <Badge tone={group.is_active ? 'green' : 'gray'}>{group.is_active ? t`Active` : t`Inactive`}</Badge>
        )}
      </div>
      <div className="mt-4 flex items-center justify-between gap-2 text-sm">
        <span className="text-bone-400">
          <Trans>Contestants</Trans>
        </span>
        <span className="font-semibold tabular-nums text-bone-50">
          {group.current_contestants_count} / {group.capacity}
        </span>
      </div>
      <div className="mt-2">
        <ProgressBar value={group.current_contestants_count} max={group.capacity} label={t`${name} capacity`} />
      </div>
      <div className="mt-3">
        <Badge tone={group.is_full ? 'red' : 'green'}>{group.is_full ? t`Group Full` : t`Open Spots`}</Badge>
      </div>
      <Link to={paths.admin.groupContestants(group.contest_id, group.id)} className={buttonClass('outline', 'sm', 'mt-5')}>
        <Trans>View Contestants</Trans>
      </Link>
    </article>
  );
}
