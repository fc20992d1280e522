// The two colours' live check: each pair of the palette the pages rely on with its contrast ratio (the
// server refuses the same pairs under 4.5:1), and a small preview of the page, a card, a button and a link.
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, X } from 'lucide-react';
import type { CSSProperties } from 'react';
import { checkContrast, isSiteColor, MIN_CONTRAST, shownRatio, siteTheme, TEXT_COLORS } from '#contract/site/theme';
import { SITE_MESSAGES } from '#contract/site/messages';
import { useContractText } from '@/lib/i18n/contract-text';

export function ColourCheck({ accent, background }: { accent: string; background: string }) {
  const { t, i18n } = useLingui();
  const ct = useContractText();
  if (!isSiteColor(accent) || !isSiteColor(background)) {
    return <p className="text-sm text-bone-400">{ct(SITE_MESSAGES.colorInvalid)}</p>;
  }
  const checks = checkContrast(accent, background);
  const failing = checks.filter((c) => !c.passes);
  const pairs = failing.map((c) => ct(c.label)).join(', ');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="mb-2 text-sm font-medium text-bone-200">
          <Trans>Readability (at least {MIN_CONTRAST}:1)</Trans>
        </h3>
        <ul className="space-y-1.5 text-sm" aria-label={t`Contrast of each pair`}>
          {checks.map((check) => (
            <li key={check.label} className="flex items-center gap-2">
              {check.passes ? (
                <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
              ) : (
                <X aria-hidden="true" className="size-4 shrink-0 text-blood-300" />
              )}
              <span className="text-bone-200">{ct(check.label)}</span>
              <span className={`ml-auto tabular-nums ${check.passes ? 'text-bone-400' : 'font-semibold text-blood-300'}`}>
                {i18n.number(Number(shownRatio(check.ratio)), { minimumFractionDigits: 1 })}:1
                <span className="sr-only">{check.passes ? t`, readable` : t`, too low`}</span>
              </span>
            </li>
          ))}
        </ul>
        <p role="status" className={`mt-2 text-sm ${failing.length ? 'text-blood-300' : 'text-emerald-300'}`}>
          {failing.length ? t`${pairs}: too low to save` : ct(SITE_MESSAGES.contrastPasses)}
        </p>
      </div>
      <Preview accent={accent} background={background} />
    </div>
  );
}

/** The page as it would look: its colours as the real pages make them. */
function Preview({ accent, background }: { accent: string; background: string }) {
  const theme = siteTheme(accent, background);
  const { t } = useLingui();
  const page: CSSProperties = { backgroundColor: theme['--color-night-950'], color: TEXT_COLORS.bone50 };
  return (
    <figure aria-label={t`Preview`} className="overflow-hidden rounded-lg border border-night-600">
      <div style={page} className="p-4">
        <p className="font-display text-lg font-bold" style={{ color: theme['--color-blood-500'] }}>
          <Trans>Preview</Trans>
        </p>
        <p className="text-sm">
          <Trans>Text on the background.</Trans>
        </p>
        <div className="mt-3 rounded-md p-3" style={{ backgroundColor: theme['--color-night-900'], border: `1px solid ${theme['--color-night-700']}` }}>
          <p className="text-sm" style={{ color: TEXT_COLORS.bone400 }}>
            <Trans>Muted text on a card.</Trans>
          </p>
          <p className="text-sm font-medium" style={{ color: theme['--color-blood-400'] }}>
            <Trans>Accent text on a card</Trans>
          </p>
        </div>
        <span
          aria-hidden="true"
          className="mt-3 inline-block rounded-md px-4 py-2 text-sm font-semibold"
          style={{ backgroundColor: theme['--color-blood-600'], color: TEXT_COLORS.bone50 }}
        >
          <Trans>Vote Now</Trans>
        </span>
      </div>
    </figure>
  );
}
