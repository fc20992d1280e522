// One profile question's answer: a labelled text area with its live 'n/max' counter, which turns red past
// the question's limit; the form's rules (contract/questions/rules.ts) say what is wrong.
import { useWatch, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField } from '@/components/form/inputs';

interface Props<T extends FieldValues> {
  name: Path<T>;
  label: string;
  placeholder: string;
  required: boolean;
  maxLength: number;
  control: Control<T>;
  registration: UseFormRegisterReturn;
  error?: string;
}

export function AnswerField<T extends FieldValues>({ name, label, placeholder, required, maxLength, control, registration, error }: Props<T>) {
  const value: unknown = useWatch({ control, name });
  const length = typeof value === 'string' ? value.length : 0;
  const counter = <span className={length > maxLength ? 'font-semibold text-blood-300' : undefined}>{`${length}/${maxLength}`}</span>;
  return <TextAreaField label={label} required={required} rows={4} placeholder={placeholder} hint={counter} error={error} {...registration} />;
}
