// /profile/basics: loads the signed-in contestant's category and answers to the profile questions
// and saves them with one button. 'Failed to load profile data.' (with Retry) when they cannot
// be read. A user without a contestant profile (the dashboard's 'Get Started' leads here) gets the same
// form, empty: saving it creates the profile.
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DASHBOARD_MESSAGES as D, PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api/api-error';
import { useGetProfileQuestionsQuery } from '@/lib/api/profile-questions';
import { useSiteCategories } from '@/lib/api/site';
import { useContractText } from '@/lib/i18n/contract-text';
import { selectUser } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { useGetProfileBasicsQuery } from '../api/profile-basics';
import { ProfileBasicsForm } from '../components/profile-basics-form';

function FormSkeleton() {
  return (
    <SkeletonGroup className="space-y-6 rounded-2xl border border-night-700 bg-night-900/90 p-8">
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </SkeletonGroup>
  );
}

export function ProfileBasicsPage() {
  const username = useAppSelector(selectUser)?.username ?? '';
  // The form starts from what the server has now: it waits for the fresh answer, not a cached one.
  const { data, error, isError, isFetching, refetch } = useGetProfileBasicsQuery(username, { skip: !username, refetchOnMountOrArgChange: true });
  const hasProfile = !(isError && errorStatus(error) === 404);
  // A new profile is asked the active questions and offered registration's categories.
  const questions = useGetProfileQuestionsQuery(undefined, { skip: hasProfile });
  const siteCategories = useSiteCategories();
  const { t } = useLingui();
  const ct = useContractText();
  const completeProfile = ct(D.completeProfile);

  let body;
  if (isError && !hasProfile) {
    body = (
      <>
        <p className="mb-6 rounded-2xl border border-blood-600/60 bg-night-900/90 p-5 text-bone-100">
          <Trans>
            <strong className="font-semibold text-bone-50">{completeProfile}.</strong> Your account has no contestant profile yet: choose your category and
            answer the questions, and saving creates it.
          </Trans>
        </p>
        {questions.data ? (
          <ProfileBasicsForm basics={null} questions={questions.data} categories={siteCategories} username={username} />
        ) : questions.isError ? (
          <ErrorPanel message={ct(M.loadFailed)}>
            <Button onClick={() => void questions.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </ErrorPanel>
        ) : (
          <FormSkeleton />
        )}
      </>
    );
  } else if (isError) {
    body = (
      <ErrorPanel message={ct(M.loadFailed)}>
        <Button onClick={() => void refetch()}>
          <Trans>Retry</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (!data || isFetching) body = <FormSkeleton />;
  else body = <ProfileBasicsForm basics={data} questions={data.answers} categories={data.categories} username={username} />;

  return (
    <PageSection width="max-w-3xl">
      <PageHeader
        back={
          <BackLink to={paths.dashboard()}>
            <Trans>Back to Dashboard</Trans>
          </BackLink>
        }
        title={
          <span className="inline-flex items-center gap-3">
            <UserPen aria-hidden="true" className="size-8 text-blood-400" /> {ct(M.title)}
          </span>
        }
        subtitle={t`Your category and your answers, shown to fans in the About section of your public profile.`}
        actions={
          hasProfile && username ? (
            <Link to={paths.profile(username)} className="rounded text-sm font-medium text-blood-300 hover:text-blood-200">
              <Trans>View your public profile</Trans>
            </Link>
          ) : null
        }
      />
      {body}
    </PageSection>
  );
}
