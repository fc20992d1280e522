// A contest's state at a glance: Active/Inactive, and Current Contest when it is the current one.
import type { Contest } from '#contract/contests/answers';
import { Badge } from '@/components/ui/badge';

export function ContestBadges({ contest }: { contest: Pick<Contest, 'is_active' | 'is_current'> }) {
  return (
    <span className="inline-flex flex-wrap gap-2">
      <Badge tone={contest.is_active ? 'green' : 'gray'}>{contest.is_active ? 'Active' : 'Inactive'}</Badge>
      {contest.is_current ? <Badge tone="amber">Current Contest</Badge> : null}
    </span>
  );
}
