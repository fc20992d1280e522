// One of the four answers: a labelled text area with its live 'n/500' counter,
// which turns red past the limit; the limit's message comes from the contract's schema.
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { PROFILE_ANSWER_MAX, type ProfileAnswerField } from '#contract/profiles/constants';
import type { ProfileBasics, ProfileBasicsInput } from '#contract/profiles/requests';
import { TextAreaField } from '@/components/form/inputs';

interface Props {
  name: ProfileAnswerField;
  label: string;
  placeholder: string;
  control: Control<ProfileBasicsInput, unknown, ProfileBasics>;
  registration: UseFormRegisterReturn<ProfileAnswerField>;
  error?: string;
}

export function AnswerField({ name, label, placeholder, control, registration, error }: Props) {
  const value = useWatch({ control, name }) ?? '';
  const length = typeof value === 'string' ? value.length : 0;
  const counter = <span className={length > PROFILE_ANSWER_MAX ? 'font-semibold text-blood-300' : undefined}>{`${length}/${PROFILE_ANSWER_MAX}`}</span>;
  return <TextAreaField label={label} required rows={4} placeholder={placeholder} hint={counter} error={error} {...registration} />;
}
