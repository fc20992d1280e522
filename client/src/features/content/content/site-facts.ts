// What the long-form pages fill in from GET /site: the product's name and the charity paid votes go to
// (a default in the app's language until the server says), and how they write their dates.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useGetSiteQuery, useProductName } from '@/lib/api/site';
import { intlLocale } from '@/lib/dates';

export interface SiteFacts {
  productName: string;
  charityName: string;
  beneficiary: string;
}

export const DEFAULT_CHARITY = { charityName: msg`our partner charity`, beneficiary: msg`a children's toy-drive foundation` } as const;

/** A calendar day ('2025-07-29') as the app's language writes it in full: "July 29, 2025", "29 de julho de 2025". */
export const formatLongDate = (day: string): string =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export function useSiteFacts(): SiteFacts {
  const { data } = useGetSiteQuery();
  const { i18n } = useLingui();
  return {
    productName: useProductName(),
    charityName: data?.charity_name?.trim() || i18n._(DEFAULT_CHARITY.charityName),
    beneficiary: data?.charity_beneficiary?.trim() || i18n._(DEFAULT_CHARITY.beneficiary),
  };
}
