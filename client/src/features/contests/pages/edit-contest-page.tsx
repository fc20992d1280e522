// /admin/contests/{id}/edit (the contest form without the past-date rule): a failed load toasts
// 'Failed to load contest: ...' and returns to the list.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Contest } from '#contract/contests/answers';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import type { ContestInput } from '#contract/contests/requests';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { describeError } from '@/lib/api/api-error';
import { contractText, useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { toZonedInputValue } from '@/lib/zoned-inputs';
import { notify } from '@/lib/toast';
import type { ContestPayload } from '../api/create-contest';
import { useGetAdminContestQuery } from '@/lib/api/get-admin-contest';
import { useUpdateContestMutation } from '../api/update-contest';
import { ContestForm } from '../components/contest-form';
import { useContestIdParam } from '@/hooks/use-id-param';

const toFormValues = (contest: Contest): ContestInput => ({
  name: contest.name,
  description: contest.description,
  start_date: toZonedInputValue(contest.start_date, contest.time_zone),
  end_date: toZonedInputValue(contest.end_date, contest.time_zone),
  is_active: contest.is_active,
  is_current: contest.is_current,
  group_size_cap: contest.group_size_cap ?? '',
  vote_challenge: contest.vote_challenge ?? '',
  time_zone: contest.time_zone,
  carry_votes: contest.carry_votes,
  categories: contest.categories,
  winners: contest.rounds.length ? contest.winners : '',
  rounds: contest.rounds.map((r) => ({
    name: r.name,
    ends_at: toZonedInputValue(r.ends_at, contest.time_zone),
    advance_per_group: r.advance_per_group ?? '',
    advance_total: r.advance_total ?? '',
  })),
});

export function EditContestPage() {
  const id = useContestIdParam();
  const navigate = useNavigate();
  const { data, error, isError, isFetching } = useGetAdminContestQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  const [update] = useUpdateContestMutation();
  const { t, i18n } = useLingui();
  const ct = useContractText();

  useEffect(() => {
    if (id !== null && !isError) return;
    notify.error(`${contractText(M.loadOneFailed, i18n)}${contractText(id === null ? M.notFound : describeError(error), i18n)}`);
    navigate(paths.admin.contests(), { replace: true });
  }, [id, isError, error, navigate, i18n]);

  const onSubmit = async (payload: ContestPayload) => {
    await update({ id: id!, patch: payload }).unwrap();
    notify.success(ct(M.updated));
    navigate(paths.admin.contest(id!));
  };

  return (
    <PageSection width="max-w-3xl">
      <PageHeader
        back={
          <BackLink to={paths.admin.contests()}>
            <Trans>Back to Contests</Trans>
          </BackLink>
        }
        title={t`Edit Contest`}
        subtitle={data?.name}
      />
      {data && !isFetching ? (
        <ContestForm
          key={data.id}
          mode="edit"
          defaultValues={toFormValues(data)}
          onSubmit={onSubmit}
          failureMessage={M.updateFailed}
          cancelTo={paths.admin.contest(data.id)}
          stored={data}
        />
      ) : (
        <SkeletonGroup className="space-y-6 rounded-xl border border-night-700 bg-night-900/90 p-8">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-10 w-1/3" />
        </SkeletonGroup>
      )}
    </PageSection>
  );
}
