// Shaping leaderboard answers for the cards: group options, one list for all groups, search.
import type { AllGroupsLeaderboard, LeaderboardItem } from '#contract/votes/answers';

export interface GroupOption {
  id: number;
  label: string;
  number: number;
}

const numberOfKey = (key: string) => Number(key.match(/\d+/)?.[0] ?? Number.MAX_SAFE_INTEGER);

/** The groups to choose from, in group order ('Group {n}' keys; a group with nobody in it has no id to link to). */
export function groupOptions(groups: AllGroupsLeaderboard | undefined): GroupOption[] {
  return Object.entries(groups ?? {})
    .filter(([, items]) => items.length > 0)
    .map(([key, items]) => ({ id: items[0].group_id, label: key, number: items[0].group_number ?? numberOfKey(key) }))
    .sort((a, b) => a.number - b.number);
}

/** Every group's contestants, group after group, each group in its rank order. */
export function allGroupItems(groups: AllGroupsLeaderboard | undefined): LeaderboardItem[] {
  return Object.entries(groups ?? {})
    .sort(([a], [b]) => numberOfKey(a) - numberOfKey(b))
    .flatMap(([, items]) => items);
}

/** First name, last name or username contains the text. */
export function matchesSearch(item: LeaderboardItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [item.first_name, item.last_name, item.username].some((field) => field?.toLowerCase().includes(q));
}
