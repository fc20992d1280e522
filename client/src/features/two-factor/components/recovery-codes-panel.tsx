// The recovery codes, shown this once: copy them, download them, then say they are saved.
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Download } from 'lucide-react';
import { useId } from 'react';
import { RECOVERY_CODE_COUNT } from '#contract/twofactor/constants';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { files } from '@/lib/download';
import { notify } from '@/lib/toast';

/** The file the Download button saves. */
export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

export function RecoveryCodesPanel({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const headingId = useId();
  const { t } = useLingui();
  const count = RECOVERY_CODE_COUNT;
  // The saved file's first line is in the app's language; the codes follow, one a line.
  const heading = t`Recovery codes for ${account}. Each code signs in once, in place of an authenticator code.`;
  const text = `${heading}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    if (await copyText(codes.join('\n'))) notify.success(t`Recovery codes copied`);
    else notify.error(t`Your browser did not allow copying: select the codes and copy them, or download them.`);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-400/50 bg-night-900/80 p-5">
      <h2 id={headingId} className="text-lg font-semibold text-bone-50">
        <Trans>Your recovery codes</Trans>
      </h2>
      <p className="mt-2 text-sm text-bone-200">
        <Trans>
          If you lose your phone, each of these {count} codes signs you in once instead of a code from the app. They are shown only now: save them somewhere
          safe (a password manager, or printed).
        </Trans>
      </p>
      <ol aria-label={t`Recovery codes`} className="mt-4 grid grid-cols-1 gap-2 font-mono text-base text-bone-50 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-night-950 px-3 py-1.5 tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          <Trans>Copy codes</Trans>
        </Button>
        <Button variant="outline" onClick={() => files.save(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>
          <Download aria-hidden="true" className="size-4" />
          <Trans>Download codes</Trans>
        </Button>
        <Button onClick={onDone}>
          <Trans>I have saved my codes</Trans>
        </Button>
      </div>
    </section>
  );
}
