// The payment-method radio group: only the methods GET /site offers, with a 'Test mode' badge when the
// checkout is TEST MODE (no money moves). A native radio group: arrow keys move the choice.
import { Trans } from '@lingui/react/macro';
import { FlaskConical } from 'lucide-react';
import type { PaymentMethod } from '#contract/payments/constants';
import { Badge } from '@/components/ui/badge';
import { METHOD_LABELS } from '@/lib/votes/payment-texts';

export interface PaymentMethodFieldProps {
  name: string;
  methods: readonly PaymentMethod[];
  value: PaymentMethod | undefined;
  onChange: (method: PaymentMethod) => void;
  testMode: boolean;
  disabled?: boolean;
}

export function PaymentMethodField({ name, methods, value, onChange, testMode, disabled }: PaymentMethodFieldProps) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-1.5 flex items-center gap-2 text-sm font-medium text-bone-200">
        <Trans>Payment method</Trans>
        {testMode ? (
          <Badge tone="amber">
            <FlaskConical aria-hidden="true" className="size-3" />
            <Trans>Test mode</Trans>
          </Badge>
        ) : null}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((method) => (
          <label
            key={method}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-night-600 bg-night-900 px-3 py-2.5 text-sm text-bone-50 has-[:checked]:border-blood-500 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blood-400"
          >
            <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} className="size-4 accent-blood-600" />
            {METHOD_LABELS[method]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
