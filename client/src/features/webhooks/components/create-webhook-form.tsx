// Register an endpoint: its https address, a description, the events it receives and whether it is on.
// The server's refusal lands at its field (an address that is not https or not public, no event).
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { WebhookWithSecret } from '#contract/webhooks/answers';
import type { WebhookEvent } from '#contract/webhooks/constants';
import { WEBHOOK_MESSAGES as M } from '#contract/webhooks/messages';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { describeError, itemField, validationItems } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { useCreateWebhookMutation } from '../api/create-webhook';
import { EventChoices } from './event-choices';

type Errors = { url?: string; description?: string; events?: string };

export function CreateWebhookForm({ onCreated }: { onCreated: (made: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateWebhookMutation();
  const { t } = useLingui();
  const ct = useContractText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found: Errors = {
      url: URL.canParse(url.trim()) ? undefined : ct(M.urlInvalid),
      events: events.length ? undefined : ct(M.eventsRequired),
    };
    setErrors(found);
    if (found.url || found.events) return;
    try {
      const made = await create({ url: url.trim(), description: description.trim(), events, enabled }).unwrap();
      setUrl('');
      setDescription('');
      setEvents([]);
      setEnabled(true);
      onCreated(made);
    } catch (error) {
      const items = validationItems(error);
      if (items) {
        const byField: Errors = {};
        for (const item of items) {
          const field = itemField(item) as keyof Errors | undefined;
          if (field && !byField[field]) byField[field] = ct(item.msg);
        }
        setErrors(byField);
      } else setFailure(describeError(error));
    }
  };

  return (
    <section aria-labelledby="webhook-create-heading" className="rounded-xl border border-night-700 bg-night-900/90 p-5 shadow-xl sm:p-6">
      <h2 id="webhook-create-heading" className="font-display text-xl font-bold text-bone-50">
        <Trans>Add an endpoint</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-400">
        <Trans>Each event is POSTed as JSON, signed as Standard Webhooks describes (webhook-id, webhook-timestamp, webhook-signature).</Trans>
      </p>
      <form noValidate onSubmit={asyncHandler(onSubmit)} className="mt-5 space-y-4">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <TextField
          label={t`Endpoint URL`}
          name="url"
          type="url"
          inputMode="url"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/screamstage"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
        />
        <TextField
          label={t`Description`}
          name="description"
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          hint={t`Optional: who receives it, and why.`}
        />
        <EventChoices chosen={events} onChange={setEvents} error={errors.events} />
        <CheckboxField label={t`Enabled: send events to it now`} name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <div>
          <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
            <Plus aria-hidden="true" className="size-4" /> {isLoading ? t`Adding...` : t`Add endpoint`}
          </Button>
        </div>
      </form>
    </section>
  );
}
