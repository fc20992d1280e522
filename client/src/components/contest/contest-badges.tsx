// A contest's state at a glance: Active/Inactive, and Current Contest when it is the current one.
import { Trans } from '@lingui/react/macro';
import type { Contest } from '#contract/contests/answers';
import { Badge } from '@/components/ui/badge';

export function ContestBadges({ contest }: { contest: Pick<Contest, 'is_active' | 'is_current'> }) {
  return (
    <span className="inline-flex flex-wrap gap-2">
      <Badge tone={contest.is_active ? 'green' : 'gray'}>{contest.is_active ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}</Badge>
      {contest.is_current ? (
        <Badge tone="amber">
          <Trans>Current Contest</Trans>
        </Badge>
      ) : null}
    </span>
  );
}
