// One filter of an admin list: a labelled select whose first option ("All …") means no filter.
import { useId } from 'react';
import { inputClass, labelClass } from './field-styles';

interface FilterSelectProps<T extends string> {
  label: string;
  /** The no-filter option's text, e.g. 'All topics'. */
  allLabel: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  /** '' for the no-filter option. */
  onChange: (value: string) => void;
  /** Width on wider screens, e.g. 'sm:w-48'. */
  className?: string;
}

export function FilterSelect<T extends string>({ label, allLabel, options, labels, value, onChange, className = 'sm:w-48' }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} className={inputClass(false)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}
