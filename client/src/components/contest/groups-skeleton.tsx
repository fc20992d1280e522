import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';

/** Group cards while they load. */
export function GroupsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <SkeletonGroup className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-5">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </SkeletonGroup>
  );
}
