// Registration's profile questions: only the required ones are asked (the others wait for Profile
// Basics), each a text area with its live 'n/max' counter; their rules are the contract's.
import { Trans } from '@lingui/react/macro';
import type { ProfileQuestion } from '#contract/questions/answers';
import { TextAreaField } from '@/components/form/inputs';
import { useContractText } from '@/lib/i18n/contract-text';

interface Props {
  questions: readonly ProfileQuestion[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}

export function RequiredAnswers({ questions, values, errors, onChange }: Props) {
  const ct = useContractText();
  if (!questions.length) return null;
  return (
    <fieldset className="space-y-5">
      <legend className="mb-3 text-lg font-semibold text-bone-50">
        <Trans>About you</Trans>
      </legend>
      {questions.map((q) => {
        const length = values[q.key]?.length ?? 0;
        return (
          <TextAreaField
            key={q.key}
            label={q.label}
            required
            rows={3}
            placeholder={q.help}
            value={values[q.key] ?? ''}
            onChange={(e) => onChange(q.key, e.target.value)}
            error={errors[q.key] === undefined ? undefined : ct(errors[q.key])}
            hint={<span className={length > q.max_length ? 'font-semibold text-blood-300' : undefined}>{`${length}/${q.max_length}`}</span>}
          />
        );
      })}
    </fieldset>
  );
}
