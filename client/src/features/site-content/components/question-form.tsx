// One profile question's fields, to add one (with its key) or edit one (the key is fixed): the question the
// forms ask, its public title, the hint, the answer limit and whether it is required.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { ProfileQuestion } from '#contract/questions/answers';
import { QUESTION_LIMITS } from '#contract/questions/constants';
import { createQuestionSchema, updateQuestionSchema } from '#contract/questions/requests';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';

export interface QuestionValues {
  key: string;
  label: string;
  public_label: string;
  help: string;
  required: boolean;
  max_length: number;
}

interface Props {
  /** Editing this question; absent: a new one. */
  question?: ProfileQuestion;
  submitLabel: string;
  /** Saves; answers a failure's message to show, or null when saved. */
  onSave: (values: QuestionValues) => Promise<string | null>;
  onCancel?: () => void;
}

const EMPTY: QuestionValues = { key: '', label: '', public_label: '', help: '', required: false, max_length: QUESTION_LIMITS.answerDefault };

export function QuestionForm({ question, submitLabel, onSave, onCancel }: Props) {
  const [values, setValues] = useState<QuestionValues>(question ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof QuestionValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  const ct = useContractText();
  const answerMax = QUESTION_LIMITS.answerMax;
  const set = <K extends keyof QuestionValues>(field: K, value: QuestionValues[K]) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const check = question ? updateQuestionSchema.safeParse(values) : createQuestionSchema.safeParse(values);
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((i) => [String(i.path[0]), ct(i.message)])));
      return;
    }
    setErrors({});
    setSaving(true);
    const problem = await onSave(values);
    setSaving(false);
    if (problem) setFailure(problem);
    else if (!question) setValues(EMPTY);
  };

  return (
    <form noValidate onSubmit={asyncHandler(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      {question ? null : (
        <TextField
          label={t`Key`}
          required
          autoCapitalize="none"
          spellCheck={false}
          value={values.key}
          onChange={(e) => set('key', e.target.value)}
          error={errors.key}
          hint={t`Lower-case letters, digits and _; fixed once added (the API names the answers by it)`}
        />
      )}
      <TextField
        label={t`Question`}
        required
        value={values.label}
        onChange={(e) => set('label', e.target.value)}
        error={errors.label}
        fieldClassName="sm:col-span-2"
      />
      <TextField
        label={t`Public title`}
        required
        value={values.public_label}
        onChange={(e) => set('public_label', e.target.value)}
        error={errors.public_label}
        hint={t`Shown above the answer on the public profile`}
      />
      <TextField label={t`Hint`} value={values.help} onChange={(e) => set('help', e.target.value)} error={errors.help} hint={t`The answer box's placeholder`} />
      <TextField
        label={t`Answer limit`}
        type="number"
        inputMode="numeric"
        min={1}
        max={QUESTION_LIMITS.answerMax}
        required
        value={String(values.max_length)}
        onChange={(e) => set('max_length', Number(e.target.value))}
        error={errors.max_length}
        hint={t`Characters, 1 to ${answerMax}`}
      />
      <div className="flex items-end pb-2">
        <CheckboxField label={t`Required (asked at registration)`} checked={values.required} onChange={(e) => set('required', e.target.checked)} />
      </div>
      {failure ? (
        <div className="sm:col-span-2">
          <FormAlert>{failure}</FormAlert>
        </div>
      ) : null}
      <div className="flex gap-3 sm:col-span-2 sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={saving}>
          {saving ? t`Saving...` : submitLabel}
        </Button>
      </div>
    </form>
  );
}
