// What the long-form pages fill in from GET /site: the product's name and the charity paid votes go to.
import { useGetSiteQuery, useProductName } from '@/lib/api/site';

export interface SiteFacts {
  productName: string;
  charityName: string;
  beneficiary: string;
}

export const DEFAULT_CHARITY = { charityName: 'our partner charity', beneficiary: "a children's toy-drive foundation" } as const;

export function useSiteFacts(): SiteFacts {
  const { data } = useGetSiteQuery();
  return {
    productName: useProductName(),
    charityName: data?.charity_name?.trim() || DEFAULT_CHARITY.charityName,
    beneficiary: data?.charity_beneficiary?.trim() || DEFAULT_CHARITY.beneficiary,
  };
}
