// Search ('Search contestants...') and the group selector ('All Groups' / 'Group {n}').
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { LEADERBOARD_MESSAGES as L } from '#contract/votes/messages';
import { inputClass } from '@/components/form/field-styles';
import { useContractText } from '@/lib/i18n/contract-text';
import type { GroupOption } from '@/lib/leaderboard/leaderboard-items';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  groups: GroupOption[];
  /** The chosen group's id, or null for all groups. */
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
}

export function LeaderboardToolbar({ search, onSearch, groups, groupId, onGroup }: ToolbarProps) {
  const { t } = useLingui();
  const ct = useContractText();
  const searchId = useId();
  const groupSelectId = useId();
  // Only groups that exist are offered: an unknown group's address shows 'All Groups' chosen.
  const chosen = groupId !== null && groups.some((g) => g.id === groupId) ? String(groupId) : 'all';
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor={searchId} className="sr-only">
          <Trans>Search contestants</Trans>
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-bone-400" />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={ct(L.searchPlaceholder)}
          className={`${inputClass(false)} pl-9`}
        />
      </div>
      <label htmlFor={groupSelectId} className="sr-only">
        <Trans>Group</Trans>
      </label>
      <select
        id={groupSelectId}
        value={chosen}
        onChange={(e) => onGroup(e.target.value === 'all' ? null : Number(e.target.value))}
        className={`${inputClass(false)} sm:w-56`}
      >
        <option value="all">{ct(L.allGroups)}</option>
        {groups.map(({ id, number }) => (
          <option key={id} value={id}>
            {t`Group ${number}`}
          </option>
        ))}
      </select>
    </div>
  );
}
