// The profile link in a read-only field with its copy button; the button says 'Copied!' for 3 s.
import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '@/components/form/field-styles';
import { Button } from '@/components/ui/button';
import type { ShareLink } from '@/lib/share/use-share-link';

export function ShareLinkField({ share, label }: { share: ShareLink; label?: string }) {
  const { t } = useLingui();
  const fieldId = useId();
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-bone-200">
        {label ?? t`Profile link`}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input id={fieldId} readOnly value={share.link} onFocus={(e) => e.currentTarget.select()} className={`${inputClass(false)} min-w-0 text-sm`} />
        <Button
          variant={share.copied ? 'outline' : 'primary'}
          onClick={() => void share.copyLink()}
          aria-label={share.copied ? t`Link copied` : t`Copy link`}
          className="shrink-0"
        >
          {share.copied ? <Check aria-hidden="true" className="size-4 text-emerald-300" /> : <Copy aria-hidden="true" className="size-4" />}
          <span className="hidden sm:inline">{share.copied ? t`Copied!` : t`Copy`}</span>
        </Button>
      </div>
    </div>
  );
}
