// The events an endpoint may choose, as checkboxes in one fieldset with its error.
import { useLingui } from '@lingui/react/macro';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#contract/webhooks/constants';
import { WEBHOOK_EVENT_LABELS } from '#contract/webhooks/messages';
import { CheckboxField } from '@/components/form/inputs';
import { useContractText } from '@/lib/i18n/contract-text';

export function EventChoices({ chosen, onChange, error }: { chosen: readonly WebhookEvent[]; onChange: (events: WebhookEvent[]) => void; error?: string }) {
  const { t } = useLingui();
  const ct = useContractText();
  const toggle = (event: WebhookEvent, on: boolean) => onChange(WEBHOOK_EVENTS.filter((e) => (e === event ? on : chosen.includes(e))));
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-bone-200">{t`Events`}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <CheckboxField
            key={event}
            name="events"
            value={event}
            label={`${ct(WEBHOOK_EVENT_LABELS[event])} (${event})`}
            checked={chosen.includes(event)}
            onChange={(e) => toggle(event, e.target.checked)}
          />
        ))}
      </div>
      {error ? (
        <p id="webhook-events-error" role="alert" className="mt-2 text-sm text-blood-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
