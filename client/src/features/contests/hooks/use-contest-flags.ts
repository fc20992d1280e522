// The two flag switches of the contest list: the status badge toggles is_active;
// 'Set as current' sets is_current (never unset from the list).
import { useState } from 'react';
import type { Contest } from '#contract/contests/answers';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { describeError } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useUpdateContestMutation } from '../api/update-contest';

export function useContestFlags() {
  const [update] = useUpdateContestMutation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const ct = useContractText();

  const run = async (contest: Contest, patch: Partial<Pick<Contest, 'is_active' | 'is_current'>>, success: string, failure: string) => {
    setPendingId(contest.id);
    try {
      await update({ id: contest.id, patch }).unwrap();
      notify.success(ct(success));
    } catch (error) {
      notify.error(`${ct(failure)}${ct(describeError(error))}`);
    } finally {
      setPendingId(null);
    }
  };

  return {
    pendingId,
    toggleActive: (contest: Contest) => run(contest, { is_active: !contest.is_active }, contest.is_active ? M.deactivated : M.activated, M.statusFailed),
    makeCurrent: (contest: Contest) => run(contest, { is_current: true }, M.madeCurrent, M.setCurrentFailed),
  };
}
