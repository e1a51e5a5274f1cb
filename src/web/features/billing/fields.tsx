import { type ReactNode, useId } from 'react';
import { trimText } from '../../../shared/billing/dirty.ts';

/**
 * A text input or text area bound to editor data: every keystroke is an edit (so the save bar
 * and headings follow at once); on blur the text is trimmed (spec §5).
 */
export function TextField({
  label,
  value,
  onChange,
  placeholder,
  rows,
  hint,
  className,
  onFocusChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Told when the input gains (true) or loses (false) focus. */
  onFocusChange?: (focused: boolean) => void;
  placeholder?: string;
  /** A text area with this many rows. */
  rows?: number;
  hint?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = useId();
  const common = {
    id,
    value,
    placeholder,
    'aria-describedby': hint ? hintId : undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onFocus: () => onFocusChange?.(true),
    onBlur: () => {
      onFocusChange?.(false);
      const trimmed = trimText(value);
      if (trimmed !== value) onChange(trimmed);
    },
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {rows ? <textarea rows={rows} {...common} /> : <input type="text" {...common} />}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export interface Option<T extends string> {
  value: T;
  label: string;
}

/** A labelled native select; `placeholder` is the option for "nothing chosen". */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  label: string;
  value: T | undefined;
  options: readonly Option<T>[];
  onChange: (value: T | undefined) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <SelectInput
        id={id}
        value={value}
        options={options}
        onChange={onChange}
        placeholder={placeholder}
      />
    </div>
  );
}

export function SelectInput<T extends string>({
  id,
  value,
  options,
  onChange,
  placeholder,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value: T | undefined;
  options: readonly Option<T>[];
  onChange: (value: T | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
}) {
  return (
    <select
      id={id}
      aria-label={ariaLabel}
      value={value ?? ''}
      onChange={(e) => {
        const v = e.target.value;
        onChange(v === '' ? undefined : (options.find((o) => o.value === v)?.value ?? undefined));
      }}
    >
      {placeholder !== undefined || value === undefined ? (
        <option value="">{placeholder ?? '—'}</option>
      ) : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A labelled checkbox (a yes/no flag of a product). */
export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** Options from a list of values and their labels. */
export function optionsOf<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): Option<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
