// An endpoint's signing secret, shown once after it is made or rotated: the text to copy, a Copy button
// and Done, which hides it for good (the server never answers it again).
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { notify } from '@/lib/toast';

export function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel appears after a click elsewhere on the page: focus moves to it so it is read at once.
  useEffect(() => heading.current?.focus(), [secret]);

  const onCopy = async () => {
    if (await copyText(secret)) notify.success(t`Secret copied`);
    else notify.error(t`Could not copy: select the secret and copy it by hand`);
  };

  return (
    <section aria-labelledby="webhook-secret-heading" className="rounded-xl border border-amber-500/50 bg-amber-950/40 p-5 shadow-xl sm:p-6">
      <h2
        id="webhook-secret-heading"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-display text-lg font-bold text-bone-50 focus:outline-none"
      >
        <KeyRound aria-hidden="true" className="size-5 text-amber-300" />
        <Trans>Signing secret for {url}</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-200">
        <Trans>Copy it now and keep it with the receiver: it is not shown again. Rotate it to get a new one.</Trans>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 select-all break-all rounded-lg border border-night-600 bg-night-950 px-3 py-2 font-mono text-sm text-bone-50"
        >
          {secret}
        </code>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void onCopy()}>
            <Copy aria-hidden="true" className="size-4" /> <Trans>Copy</Trans>
          </Button>
          <Button onClick={onDone}>
            <Trans>Done</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
