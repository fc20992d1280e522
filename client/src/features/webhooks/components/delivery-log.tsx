// One endpoint's delivery log: each event's status, attempts, last answer, latency and time, newest
// first, with Redeliver (the same event again, same webhook-id) on each line; the attempts count opens
// the line's attempts beneath it.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, RefreshCw } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import type { WebhookDelivery } from '#contract/webhooks/answers';
import type { WebhookDeliveryStatus } from '#contract/webhooks/constants';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { rowClass, Table, Td } from '@/components/ui/table';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { describeError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { notify } from '@/lib/toast';
import { useRedeliverWebhookMutation } from '../api/redeliver-webhook';
import { useWebhookDeliveriesQuery } from '../api/webhook-deliveries';
import { DeliveryAttempts } from './delivery-attempts';

const STATUS: Record<WebhookDeliveryStatus, { label: MessageDescriptor; tone: BadgeTone }> = {
  pending: { label: msg`Pending`, tone: 'gray' },
  retrying: { label: msg`Retrying`, tone: 'amber' },
  succeeded: { label: msg`Succeeded`, tone: 'green' },
  failed: { label: msg`Failed`, tone: 'red' },
};

const COLUMNS = [msg`Event`, msg`Status`, msg`Attempts`, msg`Response`, msg`Latency`, msg`Time`, msg`Action`];

export function DeliveryLog({ endpointId, url }: { endpointId: number; url: string }) {
  const { data, isLoading, isFetching, error, refetch } = useWebhookDeliveriesQuery(endpointId);
  const [redeliver, { isLoading: redelivering }] = useRedeliverWebhookMutation();
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const rowsId = useId();
  const toggle = (id: number) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onRedeliver = async (delivery: WebhookDelivery) => {
    try {
      await redeliver({ id: endpointId, deliveryId: delivery.id }).unwrap();
      const type = delivery.event_type;
      notify.success(t`Sent again: ${type}`);
    } catch (e) {
      const reason = describeError(e);
      notify.error(t`Could not send it again: ${reason}`);
    }
  };

  let body;
  if (isLoading) body = <TableSkeleton columns={COLUMNS.length} rows={3} />;
  else if (!data) {
    const reason = describeError(error);
    body = (
      <ErrorPanel message={t`Could not load the delivery log: ${reason}`}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (data.items.length === 0) {
    body = (
      <p className="rounded-lg border border-night-700 bg-night-950/60 p-4 text-sm text-bone-300">{t`No deliveries yet. Send a test event to try the endpoint.`}</p>
    );
  } else {
    body = (
      <Table caption={t`Deliveries to ${url}`} columns={COLUMNS.map((c) => i18n._(c))} minWidth="md:min-w-[52rem]">
        {data.items.map((d) => {
          const status = STATUS[d.status];
          const ms = d.latency_ms === null ? null : formatCount(d.latency_ms);
          const type = d.event_type;
          const id = d.id;
          const tries = formatCount(d.attempts);
          const expanded = open.has(d.id);
          const attemptsId = `${rowsId}-attempts-${d.id}`;
          return (
            <Fragment key={d.id}>
              <tr className={rowClass}>
                <Td label={i18n._(COLUMNS[0])} className="font-mono text-xs">
                  {d.event_type}
                  {d.manual ? <span className="ml-2 text-bone-400">{t`(manual)`}</span> : null}
                  {d.redacted ? <span className="ml-2 text-bone-400">{t`(body removed: it named a deleted account)`}</span> : null}
                </Td>
                <Td label={i18n._(COLUMNS[1])}>
                  <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
                </Td>
                <Td label={i18n._(COLUMNS[2])}>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => toggle(d.id)}
                    aria-expanded={expanded}
                    aria-controls={attemptsId}
                    aria-label={t`${plural(d.attempts, { one: `${tries} attempt of ${type} (delivery ${id})`, other: `${tries} attempts of ${type} (delivery ${id})` })}`}
                  >
                    {formatCount(d.attempts)}
                    {expanded ? <ChevronUp aria-hidden="true" className="size-4" /> : <ChevronDown aria-hidden="true" className="size-4" />}
                  </Button>
                </Td>
                <Td label={i18n._(COLUMNS[3])} title={d.error ?? undefined}>
                  {d.response_status ?? (d.error ? <span className="text-blood-300">{d.error}</span> : '—')}
                </Td>
                <Td label={i18n._(COLUMNS[4])}>{ms === null ? '—' : `${ms} ms`}</Td>
                <Td label={i18n._(COLUMNS[5])}>{formatDateTime(d.updated_at)}</Td>
                <Td label={i18n._(COLUMNS[6])}>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={redelivering || d.redacted}
                    title={d.redacted ? t`Its body was removed with the deleted account it named, so it cannot be sent again` : undefined}
                    onClick={() => void onRedeliver(d)}
                    aria-label={t`Redeliver ${type} (delivery ${id})`}
                  >
                    <Trans>Redeliver</Trans>
                  </Button>
                </Td>
              </tr>
              {expanded ? (
                <tr id={attemptsId} className="block md:table-row">
                  <td colSpan={COLUMNS.length} className="block px-4 pb-4 md:table-cell">
                    <DeliveryAttempts endpointId={endpointId} deliveryId={d.id} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </Table>
    );
  }

  return (
    <div className="mt-4 space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold uppercase tracking-wider text-bone-400">
          <Trans>Delivery log</Trans>
        </h4>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? t`Refreshing...` : t`Refresh`}
        </Button>
      </div>
      {body}
    </div>
  );
}
