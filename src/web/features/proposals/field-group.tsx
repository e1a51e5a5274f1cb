import type { FieldGroupView, FieldView } from '../../../shared/proposals/view-types.ts';
import { CellValue } from './cell-value.tsx';

/** Past this many characters a value is a sentence, set lighter than a figure or a name. */
const longValue = 40;

/** Single values as tiles, the value above its label (spec §2). */
export function FieldTiles({ fields }: { fields: FieldView[] }) {
  return (
    <div className="field-tiles">
      {fields.map((field) => (
        <div key={field.key} className="field-tile">
          <CellValue
            cell={field.cell}
            className={field.cell.value.length > longValue ? 'field-value long' : 'field-value'}
          />
          <div className="field-name">{field.label}</div>
        </div>
      ))}
    </div>
  );
}

/** A titled group of single values, such as the Plan Information of a class. */
export function FieldGroup({ group }: { group: FieldGroupView }) {
  return (
    <div className="proposal-block">
      {group.title ? <h4 className="block-title">{group.title}</h4> : null}
      <FieldTiles fields={group.fields} />
    </div>
  );
}
