// One endpoint: its address, description and events, whether it is on, and what an owner may do with it
// (turn it on or off, send a test event, rotate its secret, delete it, open its delivery log).
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, KeyRound, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { WebhookEndpoint } from '#contract/webhooks/answers';
import { WEBHOOK_EVENT_LABELS } from '#contract/webhooks/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useTestWebhookMutation } from '../api/test-webhook';
import { useUpdateWebhookMutation } from '../api/update-webhook';
import { DeliveryLog } from './delivery-log';

export function EndpointCard({ endpoint, onRotate, onDelete }: { endpoint: WebhookEndpoint; onRotate: () => void; onDelete: () => void }) {
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();
  const [update, { isLoading: updating }] = useUpdateWebhookMutation();
  const [sendTest, { isLoading: testing }] = useTestWebhookMutation();
  const { t } = useLingui();
  const ct = useContractText();
  const { url } = endpoint;

  const onToggle = async () => {
    try {
      await update({ id: endpoint.id, enabled: !endpoint.enabled }).unwrap();
      notify.success(endpoint.enabled ? t`Endpoint disabled` : t`Endpoint enabled`);
    } catch (e) {
      const reason = describeError(e);
      notify.error(t`Could not change the endpoint: ${reason}`);
    }
  };

  const onTest = async () => {
    try {
      await sendTest(endpoint.id).unwrap();
      notify.success(t`Test event queued`);
      setLogOpen(true);
    } catch (e) {
      const reason = describeError(e);
      notify.error(t`Could not send the test event: ${reason}`);
    }
  };

  return (
    <article aria-labelledby={`${logId}-url`} className="rounded-xl border border-night-700 bg-night-900/90 p-5 shadow-xl">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h3 id={`${logId}-url`} className="break-all font-mono text-sm font-semibold text-bone-50">
            {endpoint.url}
          </h3>
          {endpoint.description ? <p className="mt-1 text-sm text-bone-300">{endpoint.description}</p> : null}
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t`Events`}>
            {endpoint.events.map((event) => (
              <li key={event} title={ct(WEBHOOK_EVENT_LABELS[event])} className="rounded-md bg-night-800 px-2 py-0.5 font-mono text-xs text-bone-200">
                {event}
              </li>
            ))}
          </ul>
        </div>
        <Badge tone={endpoint.enabled ? 'green' : 'gray'}>{endpoint.enabled ? t`Enabled` : t`Disabled`}</Badge>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onToggle()}
          disabled={updating}
          aria-label={endpoint.enabled ? t`Disable ${url}` : t`Enable ${url}`}
        >
          {endpoint.enabled ? t`Disable` : t`Enable`}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void onTest()} disabled={testing} aria-label={t`Send a test event to ${url}`}>
          <Send aria-hidden="true" className="size-4" /> <Trans>Send test event</Trans>
        </Button>
        <Button variant="outline" size="sm" onClick={onRotate} aria-label={t`Rotate the secret of ${url}`}>
          <KeyRound aria-hidden="true" className="size-4" /> <Trans>Rotate secret</Trans>
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={t`Delete ${url}`}>
          <Trash2 aria-hidden="true" className="size-4" /> <Trans>Delete</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setLogOpen(!logOpen)} aria-expanded={logOpen} aria-controls={`${logId}-log`}>
          {logOpen ? <ChevronUp aria-hidden="true" className="size-4" /> : <ChevronDown aria-hidden="true" className="size-4" />} <Trans>Delivery log</Trans>
        </Button>
      </div>
      <div id={`${logId}-log`} hidden={!logOpen}>
        {logOpen ? <DeliveryLog endpointId={endpoint.id} url={endpoint.url} /> : null}
      </div>
    </article>
  );
}
