// The language switcher in the site footer: a labelled select (the keyboard's own arrows and type-ahead),
// each language named in itself. A choice shows at once, without a reload, and is remembered in a
// cookie the server draws the next pages by (lib/i18n/i18n.ts); a signed-in person's e-mails follow it too.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { SUPPORTED_LOCALES, supportedLocale, type Locale } from '#contract/site/constants';
import { useSetMyLocaleMutation } from '@/lib/api/my-locale';
import { selectUser } from '@/lib/auth/auth-slice';
import { chooseLocale } from '@/lib/i18n/i18n';
import { useAppSelector } from '@/lib/store/hooks';

/** Each language as its own speakers name it: never translated. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'pt-BR': 'Português (Brasil)' };

export function LocaleSwitcher() {
  const { i18n } = useLingui();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  const signedIn = useAppSelector(selectUser) !== null;
  const [saveMyLocale] = useSetMyLocaleMutation();
  const onChange = (value: string) => {
    const locale = supportedLocale(value);
    if (!locale) return;
    setSwitching(true);
    // The page changes whether or not the account's choice is saved: e-mails are the only thing that waits for it.
    if (signedIn) void saveMyLocale({ locale });
    chooseLocale(locale)
      .catch(() => undefined)
      .finally(() => setSwitching(false));
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-bone-400">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        disabled={switching}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-night-600 bg-night-900 px-2 py-1.5 text-bone-100 focus:border-blood-500 focus:outline-none focus:ring-2 focus:ring-blood-500/50"
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
