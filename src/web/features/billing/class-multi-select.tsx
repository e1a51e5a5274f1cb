import { useId } from 'react';
import type { EditorClass } from '../../../shared/billing/editor-model.ts';
import { classHeading } from '../../../shared/billing/headings.ts';

/**
 * The product card's 'Classes' multi-select: which classes hold the product. A group of
 * checkboxes (a fieldset named 'Classes'): every class visible at once, one click or Space to
 * toggle, no hidden menu — the quickest to read and use with the handful of classes a client has.
 */
export function ClassMultiSelect({
  classes,
  selected,
  onChange,
}: {
  classes: readonly EditorClass[];
  selected: readonly string[];
  onChange: (classKeys: string[]) => void;
}) {
  const hintId = useId();
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    // Class order, whatever order they were ticked in.
    onChange(classes.filter((c) => next.has(c.key)).map((c) => c.key));
  };
  return (
    <fieldset className="class-select" aria-describedby={hintId}>
      <legend className="field-label">Classes</legend>
      {classes.length === 0 ? (
        <p id={hintId} className="muted small">
          Add a class first, then choose the classes that hold this product.
        </p>
      ) : (
        <div className="class-select-options">
          {classes.map((cls, i) => (
            <label key={cls.key} className="chip-toggle">
              <input
                type="checkbox"
                checked={selected.includes(cls.key)}
                onChange={(e) => toggle(cls.key, e.target.checked)}
              />
              <span>{classHeading(cls, i)}</span>
            </label>
          ))}
        </div>
      )}
      {classes.length > 0 && selected.length === 0 ? (
        <p id={hintId} className="field-hint warning">
          In no class yet: a product is saved inside the classes that hold it.
        </p>
      ) : null}
    </fieldset>
  );
}
