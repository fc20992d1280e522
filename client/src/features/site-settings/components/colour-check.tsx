// The two colours' live check: each pair of the palette the pages rely on with its contrast ratio (the
// server refuses the same pairs under 4.5:1), and a small preview of the page, a card, a button and a link.
import { Check, X } from 'lucide-react';
import type { CSSProperties } from 'react';
import { checkContrast, isSiteColor, MIN_CONTRAST, shownRatio, siteTheme, TEXT_COLORS } from '#contract/site/theme';
import { SITE_MESSAGES } from '#contract/site/messages';

export function ColourCheck({ accent, background }: { accent: string; background: string }) {
  if (!isSiteColor(accent) || !isSiteColor(background)) {
    return <p className="text-sm text-bone-400">{SITE_MESSAGES.colorInvalid}</p>;
  }
  const checks = checkContrast(accent, background);
  const failing = checks.filter((c) => !c.passes);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="mb-2 text-sm font-medium text-bone-200">Readability (at least {MIN_CONTRAST}:1)</h3>
        <ul className="space-y-1.5 text-sm" aria-label="Contrast of each pair">
          {checks.map((check) => (
            <li key={check.label} className="flex items-center gap-2">
              {check.passes ? (
                <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
              ) : (
                <X aria-hidden="true" className="size-4 shrink-0 text-blood-300" />
              )}
              <span className="text-bone-200">{check.label}</span>
              <span className={`ml-auto tabular-nums ${check.passes ? 'text-bone-400' : 'font-semibold text-blood-300'}`}>
                {shownRatio(check.ratio)}:1<span className="sr-only">{check.passes ? ', readable' : ', too low'}</span>
              </span>
            </li>
          ))}
        </ul>
        <p role="status" className={`mt-2 text-sm ${failing.length ? 'text-blood-300' : 'text-emerald-300'}`}>
          {failing.length ? `${failing.map((c) => c.label).join(', ')}: too low to save` : SITE_MESSAGES.contrastPasses}
        </p>
      </div>
      <Preview accent={accent} background={background} />
    </div>
  );
}

/** The page as it would look: its colours as the real pages make them. */
function Preview({ accent, background }: { accent: string; background: string }) {
  const theme = siteTheme(accent, background);
  const page: CSSProperties = { backgroundColor: theme['--color-night-950'], color: TEXT_COLORS.bone50 };
  return (
    <figure aria-label="Preview" className="overflow-hidden rounded-lg border border-night-600">
      <div style={page} className="p-4">
        <p className="font-display text-lg font-bold" style={{ color: theme['--color-blood-500'] }}>
          Preview
        </p>
        <p className="text-sm">Text on the background.</p>
        <div className="mt-3 rounded-md p-3" style={{ backgroundColor: theme['--color-night-900'], border: `1px solid ${theme['--color-night-700']}` }}>
          <p className="text-sm" style={{ color: TEXT_COLORS.bone400 }}>
            Muted text on a card.
          </p>
          <p className="text-sm font-medium" style={{ color: theme['--color-blood-400'] }}>
            Accent text on a card
          </p>
        </div>
        <span
          aria-hidden="true"
          className="mt-3 inline-block rounded-md px-4 py-2 text-sm font-semibold"
          style={{ backgroundColor: theme['--color-blood-600'], color: TEXT_COLORS.bone50 }}
        >
          Vote Now
        </span>
      </div>
    </figure>
  );
}
