import { memo } from 'react';
import {
  type BillingCommand,
  type ClassTextField,
  deleteClass,
  updateClassField,
} from '../../../shared/billing/commands.ts';
import type { EditorClass } from '../../../shared/billing/editor-model.ts';
import { classHeading } from '../../../shared/billing/headings.ts';
import { TextField } from './fields.tsx';
import { useBillingReadOnly } from './read-only.ts';

/** A class card (spec §2): heading 'Class #N' or its name, 'Delete Class', and its four inputs. */
export const ClassCard = memo(function ClassCard({
  cls,
  index,
  dispatch,
}: {
  cls: EditorClass;
  index: number;
  dispatch: (command: BillingCommand) => void;
}) {
  const readOnly = useBillingReadOnly();
  const heading = classHeading(cls, index);
  const set = (field: ClassTextField) => (value: string) =>
    dispatch(updateClassField(cls.key, field, value));
  const count = cls.productKeys.length;
  return (
    <li className="billing-card class-card" aria-label={heading}>
      <div className="card-header">
        <div className="card-title">
          <h4>{heading}</h4>
          <span className="muted small">
            {count === 0 ? 'No products' : count === 1 ? '1 product' : `${count} products`}
          </span>
        </div>
        {readOnly ? null : (
          <button
            type="button"
            className="button small danger"
            onClick={() => dispatch(deleteClass(cls.key))}
          >
            Delete Class
          </button>
        )}
      </div>
      <fieldset className="field-grid two read-only-fields" disabled={readOnly}>
        <TextField label="Class Name" value={cls.className} onChange={set('className')} />
        <TextField label="Class ID" value={cls.classID} onChange={set('classID')} />
        <TextField
          label="Location"
          value={cls.location ?? ''}
          onChange={set('location')}
          className="span-2"
        />
        <TextField
          label="Class Notes"
          value={cls.notes ?? ''}
          onChange={set('notes')}
          rows={2}
          className="span-2"
        />
      </fieldset>
    </li>
  );
});
