// /admin/vote-packages: the site's offer, what every contest without its own sells (currency, one donated
// vote's price, 1 to 8 packages), with the offer as fans see it; effective at once when saved.
import { VOTE_PACKAGE_MESSAGES as M } from '#contract/payments/messages';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { notify } from '@/lib/toast';
import { useGetAdminVotePackagesQuery, useSaveAdminVotePackagesMutation } from '../api/vote-packages';
import { VoteOfferEditor } from '../components/vote-offer-editor';

export function AdminVotePackagesPage() {
  const { data, isError, refetch, fulfilledTimeStamp } = useGetAdminVotePackagesQuery();
  const [save] = useSaveAdminVotePackagesMutation();
  return (
    <PageSection width="max-w-5xl">
      <PageHeader
        title="Vote packages"
        subtitle="What fans pay for votes on every contest that does not sell its own packages. A contest's page can set its own."
      />
      {isError && !data ? (
        <ErrorPanel message={M.loadFailed}>
          <Button variant="outline" onClick={() => void refetch()}>
            Try Again
          </Button>
        </ErrorPanel>
      ) : data ? (
        <VoteOfferEditor
          key={fulfilledTimeStamp}
          offer={data}
          keepIds
          onSave={async (input) => {
            await save(input).unwrap();
            notify.success(M.saved);
          }}
        />
      ) : (
        <SkeletonGroup className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-6">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </SkeletonGroup>
      )}
    </PageSection>
  );
}
