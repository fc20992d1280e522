import { Skeleton, SkeletonGroup } from './skeleton';

/** The admin table's shape while its rows load. */
export function TableSkeleton({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <SkeletonGroup className="overflow-hidden rounded-xl border border-night-700 bg-night-900/80">
      <Skeleton className="h-11 rounded-none" />
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-4 border-t border-night-700 px-4 py-4">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className="h-5 flex-1" />
          ))}
        </div>
      ))}
    </SkeletonGroup>
  );
}
