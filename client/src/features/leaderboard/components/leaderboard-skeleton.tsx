import { LEADERBOARD_MESSAGES as L } from '#contract/votes/messages';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';

export function LeaderboardSkeleton() {
  return (
    <SkeletonGroup className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: L.pageSize }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-night-700 bg-night-900/90">
          <Skeleton className="aspect-[4/5] w-full rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="mt-4 h-7 w-full" />
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}
