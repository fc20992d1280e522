// The Profile Basics form: the category and one answer per active profile question (from the API, in
// order), checked with the contract's answer rules before sending; a 422 list is put on the fields with
// 'Validation failed. Please check your inputs.', a string detail is shown as is, anything else as 'Failed
// to update profile. Please try again.'
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { ApiErrorItem } from '#contract/common/answers';
import { PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages';
import type { ProfileBasicsResponse } from '#contract/profiles/answers';
import type { ProfileAnswer } from '#contract/questions/answers';
import { answerProblems } from '#contract/questions/rules';
import { FormAlert } from '@/components/form/form-alert';
import { CategoryField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { errorDetail, joinMessages, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useUpdateProfileBasicsMutation } from '../api/profile-basics';
import { AnswerField } from './answer-field';

/** A question as the form asks it. */
export type FormQuestion = Omit<ProfileAnswer, 'answer'>;

interface Values {
  category: string;
  answers: Record<string, string>;
}

const toFormValues = (basics: ProfileBasicsResponse | null, questions: readonly FormQuestion[]): Values => {
  const stored = new Map(basics?.answers.map((a) => [a.key, a.answer]) ?? []);
  return { category: basics?.category ?? '', answers: Object.fromEntries(questions.map((q) => [q.key, stored.get(q.key) ?? ''])) };
};

/** The category is required; each answer follows its question's rules. */
const resolverFor =
  (questions: readonly FormQuestion[]): Resolver<Values> =>
  (values) => {
    const errors: Record<string, unknown> = {};
    if (!values.category) errors.category = { type: 'required', message: M.categoryRequired };
    const problems = answerProblems(questions, values.answers);
    if (problems.length) errors.answers = Object.fromEntries(problems.map((p) => [p.key, { type: 'validate', message: p.message }]));
    return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
  };

/** The server names an answer by `answers.<key>` or, for the first four questions, by its own field: both land on the answer. */
const onFormFields = (items: ApiErrorItem[], keys: readonly string[]): ApiErrorItem[] =>
  items.map((item) => {
    const [where, first, second] = item.loc;
    if (first === 'answers' && typeof second === 'string') return { ...item, loc: [where, `answers.${second}`] };
    if (typeof first === 'string' && keys.includes(first)) return { ...item, loc: [where, `answers.${first}`] };
    return item;
  });

/** What the form shows above the button after a failed save, in `ct`'s language (`unmatched` is already in it). */
function failureMessage(error: unknown, unmatched: string | null, ct: (text: string) => string): string {
  if (validationItems(error)) return unmatched ? `${ct(M.validationFailed)} ${unmatched}` : ct(M.validationFailed);
  return ct(errorDetail(error) ?? M.updateFailed);
}

interface Props {
  basics: ProfileBasicsResponse | null;
  /** The questions to ask: the basics' own (with their answers), or the active ones for a new profile. */
  questions: readonly FormQuestion[];
  /** The categories offered; the stored one is kept in the list even when it left it. */
  categories: readonly string[];
  username: string;
}

export function ProfileBasicsForm({ basics, questions, categories, username }: Props) {
  const [update, { isLoading: saving }] = useUpdateProfileBasicsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: resolverFor(questions),
    defaultValues: toFormValues(basics, questions),
  });
  const { errors } = formState;
  const { t } = useLingui();
  const ct = useContractText();
  // Field messages are the contract's (its rules) or the server's.
  const fieldError = (message: string | undefined) => (message === undefined ? undefined : ct(message));
  const keys = questions.map((q) => q.key);
  const offered = basics?.category && !categories.includes(basics.category) ? [basics.category, ...categories] : categories;

  const onValid = async (values: Values) => {
    setFormError(null);
    try {
      const saved = await update({ username, basics: { category: values.category, answers: values.answers } }).unwrap();
      reset(toFormValues(saved, questions));
      notify.success(ct(M.updated));
    } catch (error) {
      const items = validationItems(error);
      const rest = items ? applyFieldErrors(onFormFields(items, keys), setError, ['category', ...keys.map((k) => `answers.${k}`)]) : [];
      const unmatched = rest.length ? joinMessages(rest.map((item) => ({ ...item, msg: ct(item.msg) }))) : null;
      const message = failureMessage(error, unmatched, ct);
      setFormError(message);
      notify.error(message);
    }
  };

  return (
    <form
      noValidate
      aria-label={ct(M.title)}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      className="space-y-6 rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl sm:p-8"
    >
      <CategoryField required categories={offered} error={fieldError(errors.category?.message)} fieldClassName="sm:max-w-sm" {...register('category')} />
      {questions.map((q) => (
        <AnswerField<Values>
          key={q.key}
          name={`answers.${q.key}`}
          label={q.label}
          placeholder={q.help}
          required={q.required}
          maxLength={q.max_length}
          control={control}
          registration={register(`answers.${q.key}`)}
          error={fieldError(errors.answers?.[q.key]?.message)}
        />
      ))}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-3 border-t border-night-700 pt-6 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </form>
  );
}
