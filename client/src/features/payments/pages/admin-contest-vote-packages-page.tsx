// /admin/contests/{id}/vote-packages: whether the contest sells the site's packages or its own (in its
// own currency, at its own donation price); its own are edited like the site's, starting from a copy of
// the site's. Saving takes effect at once for the contest's entries.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ContestVoteOffer } from '#contract/payments/answers';
import { VOTE_PACKAGE_MESSAGES as M } from '#contract/payments/messages';
import { CheckboxField } from '@/components/form/inputs';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { useContestIdParam } from '@/hooks/use-id-param';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { paths } from '@/lib/paths';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useGetContestVotePackagesQuery, useSaveContestVotePackagesMutation } from '../api/vote-packages';
import { OfferPreview, VoteOfferEditor } from '../components/vote-offer-editor';

function ContestOffer({ id, data }: { id: number; data: ContestVoteOffer }) {
  const [own, setOwn] = useState(data.own !== null);
  const [save, { isLoading }] = useSaveContestVotePackagesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();
  const ct = useContractText();

  const followSite = async () => {
    setFailure(null);
    try {
      await save({ id, offer: null }).unwrap();
      notify.success(ct(M.saved));
    } catch (error) {
      setFailure(ct(errorDetail(error) ?? M.saveFailed));
    }
  };

  return (
    <div className="space-y-6">
      <CheckboxField label={t`This contest sells its own vote packages`} checked={own} onChange={(e) => setOwn(e.target.checked)} />
      {own ? (
        <VoteOfferEditor
          offer={data.own ?? data.site}
          keepIds={data.own !== null}
          saveLabel={t`Save this contest's packages`}
          onSave={async (offer) => {
            await save({ id, offer }).unwrap();
            notify.success(ct(M.saved));
          }}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-5 text-bone-200">
            <p>
              {data.own
                ? t`This contest sells its own packages now. Saving makes it sell the site's again; packages fans bought are kept for the records.`
                : t`This contest sells the site's vote packages.`}
            </p>
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            {data.own ? (
              <Button onClick={asyncHandler(followSite)} disabled={isLoading} aria-busy={isLoading || undefined}>
                {isLoading ? t`Saving...` : t`Sell the site's packages`}
              </Button>
            ) : null}
          </div>
          <OfferPreview offer={data.site} label={t`The site's packages, as fans see them`} />
        </div>
      )}
    </div>
  );
}

export function AdminContestVotePackagesPage() {
  const id = useContestIdParam();
  const { data, error, isError, refetch, fulfilledTimeStamp } = useGetContestVotePackagesQuery(id ?? 0, { skip: id === null });
  const back = id === null ? paths.admin.contests() : paths.admin.contest(id);
  const { t } = useLingui();
  const ct = useContractText();
  return (
    <PageSection width="max-w-5xl">
      <PageHeader back={<BackLink to={back}>{t`Back to the contest`}</BackLink>} title={t`Contest vote packages`} />
      {id === null || errorStatus(error) === 404 ? (
        <ErrorPanel message={ct(M.contestNotFound)} />
      ) : isError && !data ? (
        <ErrorPanel message={ct(M.loadFailed)}>
          <Button variant="outline" onClick={() => void refetch()}>
            <Trans>Try Again</Trans>
          </Button>
        </ErrorPanel>
      ) : data ? (
        <ContestOffer key={fulfilledTimeStamp} id={id} data={data} />
      ) : (
        <SkeletonGroup className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-6">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </SkeletonGroup>
      )}
    </PageSection>
  );
}
