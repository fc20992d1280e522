// /active-contests: the contests open for joining, and joining one (docs/product.md#contests-groups-and-eliminations).
import { Trans, useLingui } from '@lingui/react/macro';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Contest } from '#contract/contests/answers';
import { JOIN_MESSAGES } from '#contract/contests/messages';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { ErrorPanel } from '@/components/ui/error-panel';
import { FormAlert } from '@/components/form/form-alert';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { selectUser } from '@/lib/auth/auth-slice';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { notify } from '@/lib/toast';
import { useGetActiveContestsQuery } from '../api/get-active-contests';
import { useGetContestStatusQuery } from '../api/get-contest-status';
import { useJoinContestMutation } from '../api/join-contest';
import { ContestCard } from '../components/contest-card';
import { JoinContestDialog } from '../components/join-contest-dialog';

function CardsSkeleton() {
  return (
    <SkeletonGroup className="grid gap-6 md:grid-cols-2">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-6">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </SkeletonGroup>
  );
}

export function ActiveContestsPage() {
  const username = useAppSelector(selectUser)?.username ?? '';
  const contests = useGetActiveContestsQuery(undefined, { refetchOnMountOrArgChange: true });
  const status = useGetContestStatusQuery(username, { refetchOnMountOrArgChange: true });
  const [join, { isLoading: joining }] = useJoinContestMutation();
  const [chosen, setChosen] = useState<Contest | null>(null);
  const navigate = useNavigate();
  const { t } = useLingui();
  const ct = useContractText();
  // Joining is blocked in the client while the user is in a contest (one contest at a time).
  const inContest = status.data?.is_in_contest === true;
  const joined =
    inContest && status.data?.contest_id != null ? { contest_id: status.data.contest_id, contest_name: status.data.contest_name ?? t`another contest` } : null;

  const onConfirm = async (contest: Contest) => {
    try {
      const { message } = await join({ contest_id: contest.id }).unwrap();
      setChosen(null);
      // One message, on the page that stays: which contest and which group.
      navigate(paths.contestJoinSuccess(), { state: { message } });
    } catch (error) {
      setChosen(null);
      const detail = errorDetail(error);
      notify.error(ct(detail ?? (errorStatus(error) === 409 ? JOIN_MESSAGES.alreadyIn : JOIN_MESSAGES.joinFailed)));
    }
  };

  let body;
  if (contests.isLoading) body = <CardsSkeleton />;
  else if (contests.isError) body = <ErrorPanel message={ct(JOIN_MESSAGES.loadFailed)} />;
  else if (!contests.data?.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center">
        <Trophy aria-hidden="true" className="mx-auto size-10 text-blood-500" />
        <h2 className="mt-4 text-xl font-bold text-bone-50">{ct(JOIN_MESSAGES.noActive)}</h2>
        <p className="mt-2 text-bone-200">
          <Trans>There are no contests open for joining right now. Check back soon.</Trans>
        </p>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-6 md:grid-cols-2">
        {contests.data.map((contest) => (
          <ContestCard key={contest.id} contest={contest} joined={joined} checking={status.isLoading} onJoin={setChosen} />
        ))}
      </div>
    );
  }

  return (
    <PageSection width="max-w-5xl">
      <PageHeader
        back={
          <BackLink to={paths.dashboard()}>
            <Trans>Back to Dashboard</Trans>
          </BackLink>
        }
        title={t`Active Contests`}
        subtitle={
          inContest
            ? t`You're already competing in a contest. Follow your standing on the leaderboard.`
            : t`Choose a contest to join and start collecting votes.`
        }
      />
      {status.isError ? (
        <div className="mb-6">
          <FormAlert>{ct(JOIN_MESSAGES.statusFailed)}</FormAlert>
        </div>
      ) : null}
      {body}
      <JoinContestDialog contest={chosen} joining={joining} onCancel={() => setChosen(null)} onConfirm={asyncHandler(onConfirm)} />
    </PageSection>
  );
}
