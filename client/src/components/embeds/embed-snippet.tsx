// The copy-paste <iframe> of an embed page (a contestant's vote card, a group's leaderboard) with its
// options (compact, an accent colour of one's own) and a live preview: the same frame the snippet makes.
// The address needs the browser's origin, so the snippet is shown once the page runs in the browser.
import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { CheckboxField } from '@/components/form/inputs';
import { inputClass, labelClass } from '@/components/form/field-styles';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { browser } from '@/lib/browser';
import { copyText } from '@/lib/clipboard';
import { embedSnippet, embedUrl } from '@/lib/embeds/embed-snippet';
import { notify } from '@/lib/toast';

interface EmbedSnippetProps {
  /** The embed page's path (paths.embed.*). */
  path: string;
  /** The frame's title, read by screen readers on the host page. */
  title: string;
  width: number;
  height: number;
  /** The compact frame's height (no pictures). */
  compactHeight: number;
}

export function EmbedSnippet({ path, title, width, height, compactHeight }: EmbedSnippetProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [compact, setCompact] = useState(false);
  const [ownAccent, setOwnAccent] = useState(false);
  const [accent, setAccent] = useState('#e11d2a');
  const [copied, setCopied] = useState(false);
  const codeId = useId();
  const accentId = useId();
  if (!hydrated) return null;
  const src = embedUrl(browser.origin(), path, { accent: ownAccent ? accent : null, compact });
  const shownHeight = compact ? compactHeight : height;
  const code = embedSnippet({ src, title, width, height: shownHeight });
  // A changed option makes other code: the copied mark no longer stands for it.
  const changed = (change: () => void) => {
    change();
    setCopied(false);
  };
  const copy = async () => {
    if (!(await copyText(code))) {
      notify.error(t`The embed code could not be copied: select it and copy it yourself.`);
      return;
    }
    notify.success(t`Embed code copied`);
    setCopied(true);
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <CheckboxField label={t`Compact (no pictures)`} checked={compact} onChange={(e) => changed(() => setCompact(e.target.checked))} />
        <CheckboxField label={t`My own accent colour`} checked={ownAccent} onChange={(e) => changed(() => setOwnAccent(e.target.checked))} />
        {ownAccent ? (
          <span className="flex items-center gap-2">
            <label htmlFor={accentId} className="text-sm text-bone-200">
              {t`Accent colour`}
            </label>
            <input
              id={accentId}
              type="color"
              value={accent}
              onChange={(e) => changed(() => setAccent(e.target.value))}
              className="h-8 w-12 cursor-pointer rounded border border-night-600 bg-night-800"
            />
          </span>
        ) : null}
      </div>
      <div>
        <label htmlFor={codeId} className={labelClass}>
          {t`Embed code`}
        </label>
        <textarea id={codeId} readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} className={`${inputClass(false)} font-mono text-xs`} />
        <Button variant={copied ? 'outline' : 'primary'} onClick={() => void copy()} className="mt-2">
          {copied ? <Check aria-hidden="true" className="size-4 text-emerald-300" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? t`Copied!` : t`Copy embed code`}
        </Button>
      </div>
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-bone-200">{t`Preview`}</figcaption>
        <div className="overflow-auto rounded-xl border border-dashed border-night-600 p-2">
          <iframe src={src} title={title} width={width} height={shownHeight} loading="lazy" className="max-w-full border-0" />
        </div>
      </figure>
    </div>
  );
}
