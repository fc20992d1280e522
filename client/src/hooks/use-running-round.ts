// The current contest's running round, for a contestant of that contest (null otherwise, or without rounds).
import type { ContestRound } from '#contract/contests/answers';
import { useGetCountdownQuery } from '@/lib/api/countdown';

export function useRunningRound(contestId: number | undefined): ContestRound | null {
  const { data } = useGetCountdownQuery(undefined, { skip: contestId === undefined });
  if (!data || data.id !== contestId || data.current_round === null) return null;
  return data.rounds.find((r) => r.position === data.current_round) ?? null;
}
