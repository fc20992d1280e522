// Label, control and error tied together: the label's htmlFor names the control, and the error is
// announced (role=alert) and linked to the control with aria-describedby.
import { useId, type ReactElement, type ReactNode } from 'react';
import { labelClass } from './field-styles';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

export function Field({
  label,
  error,
  hint,
  required,
  className = '',
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactElement }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  // The required star is a CSS pseudo-element so the label's text stays exactly the field's name.
  const star = required ? " after:ml-0.5 after:text-blood-400 after:content-['*']" : '';
  return (
    <div className={className}>
      <label htmlFor={id} className={`${labelClass}${star}`}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-bone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-blood-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
