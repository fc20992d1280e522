// /admin/contests/{id}: banner after creation, badges, dates or
// 'Not set', Manage Groups (with count) and Edit Contest; 'Contest not found' on a 404, otherwise a
// failed load toasts 'Failed to load contest details' and returns to the list. Review Votes, the votes'
// export and Edit Contest show only for a staff role that may use them.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, Download, Pencil, ShieldAlert, Tags, Users, X } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_VOTE_MESSAGES } from '#contract/votes/messages';
import { votesEndpoints } from '#contract/votes/endpoints';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { errorDetail, errorStatus, failureText } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useStaffCan } from '@/lib/auth/staff';
import { formatZonedDateTime } from '@/lib/dates';
import { contractText, useContractText } from '@/lib/i18n/contract-text';
import { files } from '@/lib/download';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useExportVotesMutation } from '../api/export-votes';
import { useExportParticipantsMutation } from '../api/export-participants';
import { PARTICIPANT_EXPORT_MESSAGES } from '#contract/account/messages';
import { useGetAdminContestQuery } from '@/lib/api/get-admin-contest';
import { ContestBadges } from '@/components/contest/contest-badges';
import { ContestRounds } from '../components/contest-rounds';
import { useContestIdParam } from '@/hooks/use-id-param';

function ActionCard({ to, icon, title, children }: { to: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Link to={to} className="group block rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl transition-colors hover:border-blood-500">
      <div className="flex items-center gap-3 text-blood-400">{icon}</div>
      <h2 className="mt-3 text-lg font-bold text-bone-50 group-hover:text-blood-300">{title}</h2>
      <p className="mt-1 text-sm text-bone-200">{children}</p>
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <SkeletonGroup className="space-y-6">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-24 w-full" />
      <div className="grid gap-6 sm:grid-cols-2">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </SkeletonGroup>
  );
}

export function ContestDetailPage() {
  const id = useContestIdParam();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: contest, isLoading, isError, error } = useGetAdminContestQuery(id ?? 0, { skip: id === null });
  const notFound = id === null || errorStatus(error) === 404;
  const [exportVotes, { isLoading: exporting }] = useExportVotesMutation();
  const canReview = useStaffCan(votesEndpoints.getVoteReview.staff);
  const canExport = useStaffCan(votesEndpoints.exportVotes.staff);
  const [exportParticipants, { isLoading: exportingParticipants }] = useExportParticipantsMutation();
  const canExportParticipants = useStaffCan(contestsEndpoints.exportParticipants.staff);
  const canEdit = useStaffCan(contestsEndpoints.updateContest.staff);
  const { t, i18n } = useLingui();
  const ct = useContractText();

  useEffect(() => {
    if (!isError || notFound) return;
    notify.error(contractText(failureText(error, M.detailsFailed), i18n));
    navigate(paths.admin.contests(), { replace: true });
  }, [isError, error, notFound, navigate, i18n]);

  const back = (
    <BackLink to={paths.admin.contests()}>
      <Trans>Back to Contests</Trans>
    </BackLink>
  );
  if (notFound) {
    return (
      <MessagePage title={ct(M.notFound)}>
        <p>
          <Trans>The contest may have been deleted.</Trans>
        </p>
        {back}
      </MessagePage>
    );
  }
  if (isLoading || !contest) {
    return (
      <PageSection width="max-w-4xl">
        <div className="mb-6">{back}</div>
        <DetailSkeleton />
      </PageSection>
    );
  }

  const onExport = async () => {
    try {
      const csv = await exportVotes(contest.id).unwrap();
      files.save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `votes-contest-${contest.id}.csv`);
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? ADMIN_VOTE_MESSAGES.exportFailed));
    }
  };

  const onExportParticipants = async () => {
    try {
      const csv = await exportParticipants(contest.id).unwrap();
      files.save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `participants-contest-${contest.id}.csv`);
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? PARTICIPANT_EXPORT_MESSAGES.exportFailed));
    }
  };

  const capacity = contest.group_capacity;
  const groupCount = contest.group_count;
  const created = params.get('created') === '1';
  const dismiss = () =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.delete('created');
        return copy;
      },
      { replace: true },
    );

  return (
    <PageSection width="max-w-4xl">
      {created ? (
        <div role="status" className="mb-6 flex items-center gap-3 rounded-lg border border-emerald-500/50 bg-emerald-950/50 px-4 py-3 text-emerald-200">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1">{ct(M.createdBanner)}</p>
          <button type="button" onClick={dismiss} aria-label={t`Dismiss`} className="rounded p-1 hover:bg-emerald-900/60">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <PageHeader
        back={back}
        title={contest.name}
        subtitle={<ContestBadges contest={contest} />}
        actions={
          <>
            {canReview ? (
              <Link to={paths.admin.voteReview({ query: { contest: contest.id } })} className={buttonClass('outline')}>
                <ShieldAlert aria-hidden="true" className="size-4" /> <Trans>Review Votes</Trans>
              </Link>
            ) : null}
            {/* Every vote of the contest's ledger (time, entry, kind, keyed network hash) for review elsewhere. */}
            {canExport ? (
              <Button variant="outline" onClick={asyncHandler(onExport)} disabled={exporting} aria-busy={exporting}>
                <Download aria-hidden="true" className="size-4" /> {exporting ? t`Exporting...` : t`Export votes (CSV)`}
              </Button>
            ) : null}
            {/* The participants with what their public profiles show: never an e-mail address. */}
            {canExportParticipants ? (
              <Button variant="outline" onClick={asyncHandler(onExportParticipants)} disabled={exportingParticipants} aria-busy={exportingParticipants}>
                <Download aria-hidden="true" className="size-4" /> {exportingParticipants ? t`Exporting...` : t`Export participants (CSV)`}
              </Button>
            ) : null}
          </>
        }
      />
      <div className="rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-bone-400">
          <Trans>Description</Trans>
        </h2>
        <p className="mt-2 whitespace-pre-line text-bone-50">{contest.description}</p>
        <dl className="mt-6 grid gap-4 border-t border-night-700 pt-6 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-bone-400">
              <Trans>Start Date</Trans>
            </dt>
            <dd className="mt-1 font-medium text-bone-50">{formatZonedDateTime(contest.start_date, contest.time_zone) || t`Not set`}</dd>
          </div>
          <div>
            <dt className="text-sm text-bone-400">
              <Trans>End Date</Trans>
            </dt>
            <dd className="mt-1 font-medium text-bone-50">{formatZonedDateTime(contest.end_date, contest.time_zone) || t`Not set`}</dd>
          </div>
          <div>
            <dt className="text-sm text-bone-400">
              <Trans>Group Size</Trans>
            </dt>
            <dd className="mt-1 font-medium text-bone-50">{t`${capacity} per group`}</dd>
          </div>
        </dl>
      </div>
      <ContestRounds contest={contest} />
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <ActionCard to={paths.admin.contestGroups(contest.id)} icon={<Users aria-hidden="true" className="size-7" />} title={t`Manage Groups`}>
          {t`${plural(groupCount, { one: '# group', other: '# groups' })}`}
        </ActionCard>
        {canEdit ? (
          <ActionCard to={paths.admin.editContest(contest.id)} icon={<Pencil aria-hidden="true" className="size-7" />} title={t`Edit Contest`}>
            <Trans>Change the name, description, dates and settings.</Trans>
          </ActionCard>
        ) : null}
        {canEdit ? (
          <ActionCard to={paths.admin.contestVotePackages(contest.id)} icon={<Tags aria-hidden="true" className="size-7" />} title={t`Vote Packages`}>
            {t`The site's packages, or this contest's own in its own currency.`}
          </ActionCard>
        ) : null}
      </div>
    </PageSection>
  );
}
