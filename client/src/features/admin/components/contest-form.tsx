// Create and edit contest: the contract's schemas (create adds "not in the past"),
// datetime-local inputs read as local time and sent as ISO strings, a 422 list mapped to fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { contestSchema, createContestSchema, type ContestInput, type ContestValues } from '#contract/contest-schemas';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { errorDetail, joinMessages, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { asyncHandler } from '@/lib/async-handler';
import { localInputToIso } from '@/lib/dates';
import { notify } from '@/lib/toast';
import type { ContestPayload } from '../api/create-contest';

const FIELDS = ['name', 'description', 'start_date', 'end_date', 'is_active', 'is_current', 'group_size_cap', 'vote_challenge'] as const;

/** The free-vote challenge choices, '' being the site's setting. */
const CHALLENGE_CHOICES: [string, string][] = [
  ['', 'Site default'],
  ['off', 'Off'],
  ['flagged', 'Flagged contestants only'],
  ['always', 'Every free vote'],
];

export const EMPTY_CONTEST: ContestInput = {
  name: '',
  description: '',
  start_date: '',
  end_date: '',
  // A new contest is active and not current unless the admin says otherwise.
  is_active: true,
  is_current: false,
  group_size_cap: '',
  vote_challenge: '',
};

function toPayload(values: ContestValues): ContestPayload {
  return {
    name: values.name,
    description: values.description,
    start_date: localInputToIso(values.start_date),
    end_date: values.end_date ? localInputToIso(values.end_date) : null,
    is_active: values.is_active,
    is_current: values.is_current,
    group_size_cap: values.group_size_cap,
    vote_challenge: values.vote_challenge ?? null,
  };
}

interface Props {
  mode: 'create' | 'edit';
  defaultValues: ContestInput;
  /** Sends the payload; throws the API error on failure. Success (toast, navigation) is the page's. */
  onSubmit: (payload: ContestPayload) => Promise<void>;
  /** 'Failed to create contest' or 'Failed to update contest'. */
  failureMessage: string;
  cancelTo: string;
}

export function ContestForm({ mode, defaultValues, onSubmit, failureMessage, cancelTo }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ContestInput, unknown, ContestValues>({
    resolver: zodResolver(mode === 'create' ? createContestSchema : contestSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = formState;

  const submit = async (values: ContestValues) => {
    setFormError(null);
    try {
      await onSubmit(toPayload(values));
    } catch (error) {
      notify.error(failureMessage);
      const items = validationItems(error);
      if (items) {
        // Array-style details are mapped to field errors by field name.
        const rest = applyFieldErrors(items, setError, FIELDS);
        if (rest.length) setFormError(joinMessages(rest));
        return;
      }
      const detail = errorDetail(error);
      if (detail) setFormError(detail);
    }
  };

  return (
    <form
      noValidate
      onSubmit={asyncHandler(handleSubmit(submit))}
      className="space-y-6 rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl sm:p-8"
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField label="Contest Name" required autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" required rows={4} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField label="Start Date" type="datetime-local" required error={errors.start_date?.message} hint="Your local time" {...register('start_date')} />
        <TextField
          label="End Date"
          type="datetime-local"
          error={errors.end_date?.message}
          hint="Optional; leave empty for no end date"
          {...register('end_date')}
        />
      </div>
      <TextField
        label="Group Size"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        error={errors.group_size_cap?.message}
        hint="Optional: contestants per group. Leave empty for the default size."
        fieldClassName="sm:max-w-xs"
        {...register('group_size_cap')}
      />
      <SelectField
        label="Free-vote challenge"
        error={errors.vote_challenge?.message}
        hint="A short puzzle the voter's browser solves before a free vote counts (no third party, no cookies)."
        fieldClassName="sm:max-w-xs"
        {...register('vote_challenge')}
      >
        {CHALLENGE_CHOICES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-bone-200">Settings</legend>
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <CheckboxField label="Active" {...register('is_active')} />
          <CheckboxField label="Current contest" {...register('is_current')} />
        </div>
        {errors.is_active?.message || errors.is_current?.message ? (
          <p role="alert" className="text-sm text-blood-300">
            {errors.is_active?.message ?? errors.is_current?.message}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col-reverse gap-3 border-t border-night-700 pt-6 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClass('outline')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {mode === 'create' ? (isSubmitting ? 'Creating...' : 'Create Contest') : isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
