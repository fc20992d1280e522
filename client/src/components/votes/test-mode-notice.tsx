// Said wherever a paid vote starts while checkout is TEST MODE: nothing here takes money.
import { Trans } from '@lingui/react/macro';
import { FlaskConical } from 'lucide-react';

export function TestModeNotice() {
  return (
    <p className="flex items-center gap-2 rounded-md border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-sm font-semibold text-amber-200">
      <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
      <Trans>TEST MODE — no money is taken.</Trans>
    </p>
  );
}
