import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type NumberBounds, parseNumberInput } from '../../../shared/billing/numbers.ts';

export interface NumberInputProps {
  /** The saved value; undefined shows an empty input. */
  value: number | undefined;
  bounds: NumberBounds;
  /** Called on blur or Enter with the clamped value (undefined when emptied). */
  onCommit: (value: number | undefined) => void;
  /** Accessible name when there is no visible label (table cells). */
  'aria-label'?: string;
  id?: string;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
}

const show = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A number input (spec §5): the broker types freely; on blur or Enter the entry is clamped to
 * its bounds, an empty entry becomes unset, and a non-numeric entry is ignored (the previous
 * value shows again). The input then shows what the editor holds — also when the editor
 * refused the value (e.g. an empty static age-band rate).
 */
export function NumberInput({
  value,
  bounds,
  onCommit,
  id,
  placeholder,
  className,
  disabled,
  'aria-label': ariaLabel,
}: NumberInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);

  const commit = () => {
    if (draft === null) return;
    // A number input reports an entry it cannot read (e.g. "1e") as '' with badInput set.
    const unreadable = ref.current?.validity.badInput === true;
    const next = unreadable ? value : parseNumberInput(draft, bounds, value);
    setDraft(null);
    if (next !== value) onCommit(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      setDraft(null);
    }
  };

  return (
    <input
      ref={ref}
      id={id}
      className={className ? `number-input ${className}` : 'number-input'}
      type="number"
      inputMode="decimal"
      min={bounds.min}
      max={bounds.max}
      step={bounds.step ?? 'any'}
      placeholder={placeholder}
      aria-label={ariaLabel}
      disabled={disabled}
      value={draft ?? show(value)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      onWheel={(e) => e.currentTarget.blur()}
    />
  );
}

/** A labelled number input. */
export function NumberField({
  label,
  hint,
  ...props
}: Omit<NumberInputProps, 'id' | 'aria-label'> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <NumberInput id={id} {...props} />
      {hint ? <span className="muted small">{hint}</span> : null}
    </div>
  );
}
