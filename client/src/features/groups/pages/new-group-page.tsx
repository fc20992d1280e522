// /admin/contests/{id}/groups/new: the groups list's New Group leads here, and all it needs is a short
// confirmation that adds the contest's next group and returns to the groups list.
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

  const onCreate = async () => {
    try {
      const group = await createGroup(contestId).unwrap();
      notify.success(`${G.groupCreated}: Group ${group.group_number}`);
      navigate(groupsPath);
    } catch (error) {
      notify.error(errorDetail(error) ?? 'Failed to create group');
    }
  };

  let body;
  if (!contestId || contest.isError) body = <ErrorPanel message={`${M.fetchDataFailed}${contestId ? describeError(contest.error) : M.notFound}`} />;
  else if (!contest.data) {
    body = (
      <SkeletonGroup className="space-y-4 rounded-xl border border-night-700 bg-night-900/90 p-8">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-40" />
      </SkeletonGroup>
    );
  } else {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl sm:p-8">
        <Users aria-hidden="true" className="size-9 text-blood-400" />
        <p className="mt-4 text-bone-50">
          Add the next group to <strong>{contest.data.name}</strong>.
        </p>
        <p className="mt-2 text-sm text-bone-200">
          It will hold up to {contest.data.group_capacity} contestants. The contest has {contest.data.group_count}{' '}
          {contest.data.group_count === 1 ? 'group' : 'groups'} now. Joining contestants fill the lowest-numbered open group first.
        </p>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={groupsPath} className={buttonClass('outline')}>
            Cancel
          </Link>
          <Button onClick={asyncHandler(onCreate)} disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Group'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <PageSection width="max-w-2xl">
      <PageHeader back={<BackLink to={groupsPath}>Back to Groups</BackLink>} title="New Group" />
      {body}
    </PageSection>
  );
}
