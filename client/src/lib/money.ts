// Money on screen: an amount in the currency's minor units written by Intl in the app's language
// ('$10' in English, 'US$ 10' in Brazilian Portuguese, '¥1,000', 'R$ 5,00').
import { currencySymbol, formatMoney } from '#contract/payments/currencies';
import { intlLocale } from './dates';

/** `minor` units of `currency`, whole amounts without decimals, in the app's language. */
export const formatPrice = (minor: number, currency: string): string => formatMoney(minor, currency, intlLocale());

/** The currency's symbol as the app's language writes it. */
export const priceSymbol = (currency: string): string => currencySymbol(currency, intlLocale());
