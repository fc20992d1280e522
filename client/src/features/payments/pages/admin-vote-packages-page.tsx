// /admin/vote-packages: the site's offer, what every contest without its own sells (currency, one donated
// vote's price, 1 to 8 packages), with the offer as fans see it; effective at once when saved.
import { Trans, useLingui } from '@lingui/react/macro';
import { VOTE_PACKAGE_MESSAGES as M } from '#contract/payments/messages';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useGetAdminVotePackagesQuery, useSaveAdminVotePackagesMutation } from '../api/vote-packages';
import { VoteOfferEditor } from '../components/vote-offer-editor';

export function AdminVotePackagesPage() {
  const { data, isError, refetch, fulfilledTimeStamp } = useGetAdminVotePackagesQuery();
  const [save] = useSaveAdminVotePackagesMutation();
  const { t } = useLingui();
  const ct = useContractText();
  return (
    <PageSection width="max-w-5xl">
      <PageHeader
        title={t`Vote packages`}
        subtitle={t`What fans pay for votes on every contest that does not sell its own packages. A contest's page can set its own.`}
      />
      {isError && !data ? (
        <ErrorPanel message={ct(M.loadFailed)}>
          <Button variant="outline" onClick={() => void refetch()}>
            <Trans>Try Again</Trans>
          </Button>
        </ErrorPanel>
      ) : data ? (
        <VoteOfferEditor
          key={fulfilledTimeStamp}
          offer={data}
          keepIds
          onSave={async (input) => {
            await save(input).unwrap();
            notify.success(ct(M.saved));
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
