// Text, textarea, select and checkbox controls that take react-hook-form's `register(...)` props.
import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, type FieldFrameProps } from './field';
import { inputClass } from './field-styles';

type Frame = Omit<FieldFrameProps, 'className'> & { fieldClassName?: string };

export function TextField({ label, error, hint, required, fieldClassName, ...input }: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => <input {...input} {...control} className={inputClass(Boolean(error))} />}
    </Field>
  );
}

export function TextAreaField({ label, error, hint, required, fieldClassName, ...textarea }: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => <textarea rows={5} {...textarea} {...control} className={`${inputClass(Boolean(error))} resize-y`} />}
    </Field>
  );
}

export function SelectField({ label, error, hint, required, fieldClassName, children, ...select }: Frame & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => (
        <select {...select} {...control} className={inputClass(Boolean(error))}>
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * The contestant category select of registration and profile basics: 'Select a category', then the categories
 * offered (from the API: GET /site, or the basics' own list).
 */
export function CategoryField({ categories, ...props }: Omit<Frame, 'label'> & SelectHTMLAttributes<HTMLSelectElement> & { categories: readonly string[] }) {
  const { t } = useLingui();
  return (
    <SelectField label={t`Category`} {...props}>
      <option value="">{t`Select a category`}</option>
      {categories.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </SelectField>
  );
}

export function CheckboxField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-bone-200">
      <input type="checkbox" {...input} className="size-4 rounded border-night-600 bg-night-900 accent-blood-600" />
      {label}
    </label>
  );
}
