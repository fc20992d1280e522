// /admin/contests/{id}/groups/new: the groups list's New Group leads here, and all it needs is a short
// confirmation that adds the contest's next group and returns to the groups list.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { CONTEST_MESSAGES as M, GROUP_ADMIN_MESSAGES as G } from '#contract/contests/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { describeError, errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useCreateGroupMutation } from '../api/create-group';
import { useGetAdminContestQuery } from '@/lib/api/get-admin-contest';
import { useContestIdParam } from '@/hooks/use-id-param';

export function NewGroupPage() {
  const contestId = useContestIdParam() ?? 0;
  const groupsPath = paths.admin.contestGroups(contestId);
  const contest = useGetAdminContestQuery(contestId, { skip: !contestId });
  const [createGroup, { isLoading }] = useCreateGroupMutation();
  const navigate = useNavigate();
  const { t } = useLingui();
  const ct = useContractText();

  const onCreate = async () => {
    try {
      const group = await createGroup(contestId).unwrap();
      const created = ct(G.groupCreated);
      const groupNumber = group.group_number;
      notify.success(t`${created}: Group ${groupNumber}`);
      navigate(groupsPath);
    } catch (error) {
      const detail = errorDetail(error);
      notify.error(detail ? ct(detail) : t`Failed to create group`);
    }
  };

  let body;
  if (!contestId || contest.isError) body = <ErrorPanel message={`${ct(M.fetchDataFailed)}${ct(contestId ? describeError(contest.error) : M.notFound)}`} />;
  else if (!contest.data) {
    body = (
      <SkeletonGroup className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-8">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-40" />
      </SkeletonGroup>
    );
  } else {
    const name = contest.data.name;
    const capacity = contest.data.group_capacity;
    const groupCount = contest.data.group_count;
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl sm:p-8">
        <Users aria-hidden="true" className="size-9 text-blood-400" />
        <p className="mt-4 text-bone-50">
          <Trans>
            Add the next group to <strong>{name}</strong>.
          </Trans>
        </p>
        <p className="mt-2 text-sm text-bone-200">
          {t`It will hold up to ${capacity} contestants. The contest has ${plural(groupCount, { one: '# group', other: '# groups' })} now. Joining contestants fill the lowest-numbered open group first.`}
        </p>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={groupsPath} className={buttonClass('outline')}>
            <Trans>Cancel</Trans>
          </Link>
          <Button onClick={asyncHandler(onCreate)} disabled={isLoading}>
            {isLoading ? t`Creating...` : t`Create Group`}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <PageSection width="max-w-2xl">
      <PageHeader
        back={
          <BackLink to={groupsPath}>
            <Trans>Back to Groups</Trans>
          </BackLink>
        }
        title={t`New Group`}
      />
      {body}
    </PageSection>
  );
}
