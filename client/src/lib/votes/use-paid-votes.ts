// Who may buy votes here, and how (the buy dialog and the vote form): the methods
// GET /site offers (none: paid votes are off) that take the offer's currency (PayPal takes no
// three-decimal currency), whether checkout is TEST MODE, and the signed-in viewer's e-mail (for the
// receipt) and competitor flag (competitors may not cast paid votes).
import type { PaymentMethod } from '#contract/payments/constants';
import { methodsFor } from '#contract/payments/currencies';
import { useGetCurrentUserQuery } from '@/lib/api/current-user';
import { useGetSiteQuery } from '@/lib/api/site';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

export interface PaidVotes {
  /** GET /site (and /users/me when signed in) have answered or failed: nothing below is a guess. */
  ready: boolean;
  methods: PaymentMethod[];
  testMode: boolean;
  isCompetitor: boolean;
  /** The signed-in viewer's e-mail, '' for a visitor. */
  email: string;
  /** The method chosen first: stripe when offered, else the first offered. */
  defaultMethod: PaymentMethod | undefined;
}

/** `currency`: the offer's (a contest may sell in its own); without it, the site's methods as offered. */
export function usePaidVotes(currency?: string): PaidVotes {
  const site = useGetSiteQuery();
  const user = useAppSelector(selectUser);
  const username = user?.username ?? '';
  const { data: me, isLoading: meLoading } = useGetCurrentUserQuery(username, { skip: !username });
  const offered = site.data?.payment_methods ?? [];
  const methods = currency ? methodsFor(offered, currency) : offered;
  return {
    ready: !site.isLoading && !meLoading,
    methods,
    testMode: site.data?.payments_test_mode === true,
    isCompetitor: Boolean(username) && me?.is_competitor === true,
    email: me?.email || user?.email || '',
    defaultMethod: methods.includes('stripe') ? 'stripe' : methods[0],
  };
}
