// The page's quiet word on its live connection: "reconnecting…" while the socket that carries the live
// numbers is lost (past a short grace, and only on pages that follow live data), nothing otherwise. A
// polite live region that is always there, so a screen reader hears the change without being
// interrupted (no status role: the page's own loading statuses keep theirs alone); it floats in a
// corner, so showing it moves nothing on the page.
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { LIVE_STATUS_MESSAGES } from '#contract/live/events';
import { useContractText } from '@/lib/i18n/contract-text';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import type { LiveStatus as Status } from '@/lib/realtime/realtime-client';

const serverStatus = (): Status => 'idle';

export function LiveStatus() {
  const realtime = useContext(RealtimeContext);
  const subscribe = useCallback((listener: () => void) => realtime?.onStatus(listener) ?? (() => undefined), [realtime]);
  const status = useSyncExternalStore(subscribe, () => realtime?.status() ?? 'idle', serverStatus);
  const reconnecting = status === 'reconnecting';
  const ct = useContractText();
  return (
    <p
      aria-live="polite"
      className={`pointer-events-none fixed bottom-4 left-4 z-40 rounded-md px-3 py-1.5 text-xs ${reconnecting ? 'border border-night-600 bg-night-800 text-bone-400' : ''}`}
    >
      {reconnecting ? ct(LIVE_STATUS_MESSAGES.reconnecting) : ''}
    </p>
  );
}
