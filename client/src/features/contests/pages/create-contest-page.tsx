// /admin/contests/create: the contest form, empty, with the rule that the start is not in the past.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';
import { browserTimeZone } from '@/lib/zoned-inputs';
import { useCreateContestMutation, type ContestPayload } from '../api/create-contest';
import { ContestForm, EMPTY_CONTEST } from '../components/contest-form';

export function CreateContestPage() {
  const [create] = useCreateContestMutation();
  // A new contest is planned in the admin's own zone unless they pick another.
  const [newContest] = useState(() => ({ ...EMPTY_CONTEST, time_zone: browserTimeZone() }));
  const navigate = useNavigate();
  const { t } = useLingui();

  const onSubmit = async (payload: ContestPayload) => {
    const contest = await create(payload).unwrap();
    // The contest's page says it was created (its banner): no toast beside it.
    navigate(paths.admin.contest(contest.id, { query: { created: 1 } }));
  };

  return (
    <PageSection width="max-w-3xl">
      <PageHeader
        back={
          <BackLink to={paths.admin.contests()}>
            <Trans>Back to Contests</Trans>
          </BackLink>
        }
        title={t`Create Contest`}
        subtitle={t`Set the dates and rules of a new contest.`}
      />
      <ContestForm mode="create" defaultValues={newContest} onSubmit={onSubmit} failureMessage={M.createFailed} cancelTo={paths.admin.contests()} />
    </PageSection>
  );
}
