// One support message opened from the admin inbox: the whole message, who sent it and when,
// a mailto: reply link, and 'Mark as handled' / 'Reopen'. A dialog: Escape or Close closes it.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail } from 'lucide-react';
import type { SupportMessageItem } from '#contract/support/answers';
import { SUPPORT_TOPIC_LABELS, SUPPORT_MESSAGES as M } from '#contract/support/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/dialog';
import { errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { formatDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useGetSupportMessageQuery } from '../api/get-support-message';
import { useUpdateSupportMessageMutation } from '../api/update-support-message';

export const STATUS_LABELS: Record<SupportMessageItem['status'], MessageDescriptor> = { open: msg`Open`, handled: msg`Handled` };

export function StatusBadge({ status }: { status: SupportMessageItem['status'] }) {
  const { i18n } = useLingui();
  return <Badge tone={status === 'open' ? 'amber' : 'green'}>{i18n._(STATUS_LABELS[status])}</Badge>;
}

// The reply's subject stays in English: the sender's language is not known here.
const replyHref = (m: SupportMessageItem) => `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${SUPPORT_TOPIC_LABELS[m.topic]}`)}`;

export function SupportMessageDialog({ message: listed, onClose }: { message: SupportMessageItem; onClose: () => void }) {
  // The list's copy shows at once; the message's own answer replaces it (and follows a status change).
  const { data } = useGetSupportMessageQuery(listed.id);
  const m = data ?? listed;
  const [update, { isLoading: saving }] = useUpdateSupportMessageMutation();
  const next = m.status === 'open' ? 'handled' : 'open';
  const { t } = useLingui();
  const ct = useContractText();
  const topic = ct(SUPPORT_TOPIC_LABELS[m.topic]);
  const name = m.name;
  const handledAt = m.handled_at ? formatDateTime(m.handled_at) : '';

  const onToggle = async () => {
    try {
      await update({ id: m.id, status: next }).unwrap();
      notify.success(next === 'handled' ? t`Message marked as handled` : t`Message reopened`);
    } catch (error) {
      notify.error(ct(errorDetail(error) ?? M.updateFailed));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      busy={saving}
      closeButton
      title={`${topic} · ${name}`}
      description={
        <>
          <p className="break-all">
            <a href={`mailto:${m.email}`} className="text-blood-300 hover:text-blood-400">
              {m.email}
            </a>
            {m.username ? <span className="text-bone-400"> · @{m.username}</span> : null}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            <StatusBadge status={m.status} />
            {m.handled_at && m.status === 'handled' ? (
              <span className="text-xs text-bone-400">
                <Trans>
                  handled <time dateTime={m.handled_at}>{handledAt}</time>
                </Trans>
              </span>
            ) : null}
          </p>
        </>
      }
    >
      <p className="mt-4 max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-night-700 bg-night-950/60 p-3 text-bone-50">
        {m.message}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button onClick={asyncHandler(onToggle)} disabled={saving} aria-busy={saving}>
          {m.status === 'open' ? t`Mark as handled` : t`Reopen`}
        </Button>
        <a href={replyHref(m)} className={buttonClass('outline')}>
          <Mail aria-hidden="true" className="size-4" /> <Trans>Reply by e-mail</Trans>
        </a>
      </div>
    </Dialog>
  );
}
