// One delivery's attempts under its log line: each try's number, time, answer (or why there was none)
// and latency, first first.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { rowClass, Table, Td } from '@/components/ui/table';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { describeError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { useWebhookDeliveryAttemptsQuery } from '../api/webhook-delivery-attempts';

const COLUMNS = [msg`Attempt`, msg`Time`, msg`Response`, msg`Latency`];

export function DeliveryAttempts({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) {
  const { data, isLoading, error, refetch } = useWebhookDeliveryAttemptsQuery({ id: endpointId, deliveryId });
  const { t, i18n } = useLingui();

  if (isLoading) return <TableSkeleton columns={COLUMNS.length} rows={2} />;
  if (!data) {
    const reason = describeError(error);
    return (
      <ErrorPanel message={t`Could not load the attempts: ${reason}`}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  }
  if (data.items.length === 0) return <p className="text-sm text-bone-300">{t`No attempts yet: the first one is queued.`}</p>;
  return (
    <Table caption={t`Attempts of delivery ${deliveryId}`} columns={COLUMNS.map((c) => i18n._(c))} minWidth="md:min-w-[28rem]">
      {data.items.map((a) => {
        const ms = formatCount(a.latency_ms);
        return (
          <tr key={a.attempt} className={rowClass}>
            <Td label={i18n._(COLUMNS[0])}>{formatCount(a.attempt)}</Td>
            <Td label={i18n._(COLUMNS[1])}>{formatDateTime(a.at)}</Td>
            <Td label={i18n._(COLUMNS[2])} title={a.error ?? undefined}>
              {a.response_status ?? <span className="text-blood-300">{a.error ?? '—'}</span>}
            </Td>
            <Td label={i18n._(COLUMNS[3])}>{`${ms} ms`}</Td>
          </tr>
        );
      })}
    </Table>
  );
}
