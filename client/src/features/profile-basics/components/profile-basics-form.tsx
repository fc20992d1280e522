// The Profile Basics form: the category and the four answers,
// checked with the contract's schema before sending; a 422 list is put on the fields with 'Validation
// failed. Please check your inputs.', a string detail is shown as is, anything else as 'Failed to
// update profile. Please try again.'
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages';
import { type ProfileBasics, type ProfileBasicsInput, profileBasicsSchema } from '#contract/profiles/requests';
import type { ProfileAnswerField } from '#contract/profiles/constants';
import type { ProfileBasicsResponse } from '#contract/profiles/answers';
import { FormAlert } from '@/components/form/form-alert';
import { CategoryField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { errorDetail, joinMessages, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { notify } from '@/lib/toast';
import { useUpdateProfileBasicsMutation } from '../api/profile-basics';
import { AnswerField } from './answer-field';

const FIELDS = ['category', 'horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role'] as const;

const QUESTIONS: { name: ProfileAnswerField; label: string; placeholder: string }[] = [
  { name: 'horror_passion', label: 'What drives your passion for horror?', placeholder: 'The film that hooked you, the feeling you chase...' },
  { name: 'character_qualities', label: 'What qualities do you bring to a character?', placeholder: 'What makes your performances unforgettable?' },
  { name: 'dreams_and_goals', label: 'What are your dreams and goals?', placeholder: 'Where do you want your acting to take you?' },
  { name: 'ideal_horror_role', label: 'What is your ideal horror role?', placeholder: 'Final girl, creature, villain...' },
];

/** The stored basics, or an empty form for a user who has no profile yet (saving creates it). */
const toFormValues = (basics: ProfileBasicsResponse | null): ProfileBasicsInput => ({
  category: basics?.category ?? '',
  horror_passion: basics?.horror_passion ?? '',
  character_qualities: basics?.character_qualities ?? '',
  dreams_and_goals: basics?.dreams_and_goals ?? '',
  ideal_horror_role: basics?.ideal_horror_role ?? '',
});

/** What the form shows above the button after a failed save. */
function failureMessage(error: unknown, unmatched: string | null): string {
  if (validationItems(error)) return unmatched ? `${M.validationFailed} ${unmatched}` : M.validationFailed;
  return errorDetail(error) ?? M.updateFailed;
}

export function ProfileBasicsForm({ basics, username }: { basics: ProfileBasicsResponse | null; username: string }) {
  const [update, { isLoading: saving }] = useUpdateProfileBasicsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<ProfileBasicsInput, unknown, ProfileBasics>({
    resolver: zodResolver(profileBasicsSchema),
    defaultValues: toFormValues(basics),
  });
  const { errors } = formState;

  const onValid = async (values: ProfileBasics) => {
    setFormError(null);
    try {
      const saved = await update({ username, basics: values }).unwrap();
      reset(toFormValues(saved));
      notify.success(M.updated);
    } catch (error) {
      const items = validationItems(error);
      const rest = items ? applyFieldErrors(items, setError, FIELDS) : [];
      const message = failureMessage(error, rest.length ? joinMessages(rest) : null);
      setFormError(message);
      notify.error(message);
    }
  };

  return (
    <form
      noValidate
      aria-label={M.title}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      className="space-y-6 rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl sm:p-8"
    >
      <CategoryField required error={errors.category?.message} fieldClassName="sm:max-w-sm" {...register('category')} />
      {QUESTIONS.map((q) => (
        <AnswerField key={q.name} {...q} control={control} registration={register(q.name)} error={errors[q.name]?.message} />
      ))}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-3 border-t border-night-700 pt-6 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
