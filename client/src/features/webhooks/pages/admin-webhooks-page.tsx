// /admin/webhooks (owners): the endpoints that receive the site's events, signed; adding one (its secret
// shown once), rotating a secret and deleting an endpoint after a confirmation, and each endpoint's
// delivery log with Redeliver.
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '#contract/webhooks/answers';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { describeError } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { notify } from '@/lib/toast';
import { useDeleteWebhookMutation } from '../api/delete-webhook';
import { useListWebhooksQuery } from '../api/list-webhooks';
import { useRotateWebhookSecretMutation } from '../api/rotate-webhook-secret';
import { CreateWebhookForm } from '../components/create-webhook-form';
import { EndpointCard } from '../components/endpoint-card';
import { SecretPanel } from '../components/secret-panel';

export function AdminWebhooksPage() {
  const { data, isLoading, isFetching, error, refetch } = useListWebhooksQuery();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [remove, { isLoading: removing }] = useDeleteWebhookMutation();
  const [rotate, { isLoading: rotatingNow }] = useRotateWebhookSecretMutation();
  const { t } = useLingui();

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      notify.success(t`Endpoint deleted`);
    } catch (e) {
      const reason = describeError(e);
      notify.error(t`Could not delete the endpoint: ${reason}`);
    }
    setDeleting(null);
  };

  const onRotate = async () => {
    if (!rotating) return;
    try {
      const made = await rotate(rotating.id).unwrap();
      setSecret({ url: made.url, secret: made.secret });
    } catch (e) {
      const reason = describeError(e);
      notify.error(t`Could not rotate the secret: ${reason}`);
    }
    setRotating(null);
  };

  const deletingUrl = deleting?.url ?? '';
  const rotatingUrl = rotating?.url ?? '';
  let list;
  if (isLoading) list = <TableSkeleton columns={3} rows={2} />;
  else if (!data) {
    const reason = describeError(error);
    list = (
      <ErrorPanel message={t`Could not load the webhook endpoints: ${reason}`}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (data.items.length === 0) {
    list = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        <Trans>No webhook endpoints yet. Add one below to receive the site's events.</Trans>
      </div>
    );
  } else {
    list = (
      <div className="space-y-4">
        {data.items.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} onRotate={() => setRotating(endpoint)} onDelete={() => setDeleting(endpoint)} />
        ))}
      </div>
    );
  }

  return (
    <PageSection width="max-w-6xl">
      <PageHeader
        title={t`Webhooks`}
        subtitle={
          <Trans>Send the site's events to other systems, signed with a secret per endpoint. Failed deliveries are tried again with a growing wait.</Trans>
        }
        actions={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
            <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? t`Refreshing...` : t`Refresh`}
          </Button>
        }
      />
      <div className="space-y-10">
        {secret ? <SecretPanel url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} /> : null}
        <section aria-labelledby="webhook-list-heading" className="min-w-0">
          <h2 id="webhook-list-heading" className="mb-4 font-display text-xl font-bold text-bone-50">
            <Trans>Endpoints</Trans>
            {data ? <span className="ml-2 text-base font-normal text-bone-400">({data.items.length})</span> : null}
          </h2>
          {list}
        </section>
        <CreateWebhookForm onCreated={(made) => setSecret({ url: made.url, secret: made.secret })} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this endpoint?`}
        message={t`${deletingUrl} stops receiving events, and its delivery log is deleted with it.`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={removing}
        onConfirm={asyncHandler(onDelete)}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t`Rotate this secret?`}
        message={t`Deliveries to ${rotatingUrl} are signed with the new secret from now on: the receiver must be given it.`}
        confirmLabel={t`Rotate`}
        pendingLabel={t`Rotating...`}
        pending={rotatingNow}
        onConfirm={asyncHandler(onRotate)}
        onCancel={() => setRotating(null)}
      />
    </PageSection>
  );
}
