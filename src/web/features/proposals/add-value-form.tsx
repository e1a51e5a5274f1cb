import { useId, useState } from 'react';
import { fieldDefinitions, tableDefinitions } from '../../../shared/fields/catalogue.ts';
import type { EditCommand } from '../../../shared/proposals/edit-commands.ts';
import type { ParsedData, Source } from '../../../shared/proposals/parsed-data.ts';
import { rowChoices } from '../../../shared/proposals/table-row-choices.ts';

const singleFields = fieldDefinitions.filter((f) => f.kind === 'field');
const titleOf = (label: string) => fieldDefinitions.find((f) => f.label === label)?.title ?? label;

type StartPick = (purpose: string, onPicked: (text: string, source: Source) => void) => void;

/**
 * Adding what the engine missed (issue 12): a single value, typed or picked from the page (its
 * box is kept), or a row of a table (a service type, a rate tier, a class).
 */
export function AddValueForm({
  data,
  onAdd,
  onPick,
  onClose,
}: {
  data: ParsedData;
  onAdd: (commands: EditCommand[]) => void;
  onPick: StartPick;
  onClose: () => void;
}) {
  const id = useId();
  const [target, setTarget] = useState(singleFields[0]!.label);
  const table = tableDefinitions.find((t) => t.label === target);
  return (
    <section className="selected-value add-value" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="add-title">
        Add a value the engine missed
      </h3>
      <label className="field-label small" htmlFor={`${id}-what`}>
        What is missing
      </label>
      <select
        id={`${id}-what`}
        className="input"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        {(['dentalInsurance', 'visionInsurance'] as const).map((product) => (
          <optgroup
            key={product}
            label={product === 'dentalInsurance' ? 'Dental Insurance' : 'Vision Insurance'}
          >
            {singleFields
              .filter((f) => f.productKey === product)
              .map((f) => (
                <option key={f.label} value={f.label}>
                  {f.title}
                </option>
              ))}
            {tableDefinitions
              .filter((t) => t.productKey === product)
              .map((t) => (
                <option key={t.label} value={t.label}>
                  {t.title} (a table)
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      {table ? (
        <RowForm
          key={table.label}
          table={table.label}
          columns={table.columns}
          data={data}
          onAdd={onAdd}
          onPick={onPick}
          onClose={onClose}
        />
      ) : (
        <FieldForm key={target} label={target} onAdd={onAdd} onPick={onPick} onClose={onClose} />
      )}
    </section>
  );
}

function FieldForm({
  label,
  onAdd,
  onPick,
  onClose,
}: {
  label: string;
  onAdd: (commands: EditCommand[]) => void;
  onPick: StartPick;
  onClose: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [source, setSource] = useState<Source>();
  const add = () => {
    onAdd([{ type: 'addField', label, value: value.trim(), ...(source ? { source } : {}) }]);
    onClose();
  };
  return (
    <>
      <label className="field-label small" htmlFor={id}>
        Value
      </label>
      <div className="input-with-pick">
        <input
          type="text"
          id={id}
          className="input"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setSource(undefined);
          }}
        />
        <PickButton
          title={titleOf(label)}
          onPick={onPick}
          onPicked={(text, picked) => {
            setValue(text);
            setSource(picked);
          }}
        />
      </div>
      {source ? <p className="muted small">Its box on page {source.page} is kept.</p> : null}
      <div className="button-row">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          disabled={value.trim() === ''}
          onClick={add}
        >
          Add value
        </button>
      </div>
    </>
  );
}

function RowForm({
  table,
  columns,
  data,
  onAdd,
  onPick,
  onClose,
}: {
  table: string;
  columns: string[];
  data: ParsedData;
  onAdd: (commands: EditCommand[]) => void;
  onPick: StartPick;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [sources, setSources] = useState<Record<string, Source>>({});
  const rows = rowChoices(data, table);
  const [row, setRow] = useState<number | 'new'>(rows.length > 0 ? rows[0]!.row : 'new');
  const chosen = rows.find((r) => r.row === row);
  const open = chosen ? columns.filter((c) => !chosen.filled.includes(c)) : columns;
  const filled = open.some((c) => (values[c] ?? '').trim() !== '');
  const add = () => {
    if (row === 'new') {
      onAdd([{ type: 'addRow', table, values, sources }]);
    } else {
      onAdd(
        open
          .filter((column) => (values[column] ?? '').trim() !== '')
          .map((column) => {
            const source = sources[column];
            const value = values[column]!.trim();
            const cell = { type: 'addCell', table, column, row, value } as const;
            return source ? { ...cell, source } : cell;
          }),
      );
    }
    onClose();
  };
  return (
    <>
      <label className="field-label small" htmlFor={`${id}-row`}>
        Row
      </label>
      <select
        id={`${id}-row`}
        value={String(row)}
        onChange={(event) =>
          setRow(event.target.value === 'new' ? 'new' : Number(event.target.value))
        }
      >
        {rows.map((r) => (
          <option key={r.row} value={r.row}>
            {r.title}
          </option>
        ))}
        <option value="new">A new row (a service type, a rate tier, a class)</option>
      </select>
      {open.length === 0 ? (
        <p className="muted small">Every column of this row has a value: edit it in place.</p>
      ) : null}
      {open.map((column) => {
        const title = titleOf(`${table}_${column}`);
        return (
          <div key={column}>
            <label className="field-label small" htmlFor={`${id}-${column}`}>
              {title}
            </label>
            <div className="input-with-pick">
              <input
                type="text"
                id={`${id}-${column}`}
                className="input"
                value={values[column] ?? ''}
                onChange={(event) => {
                  setValues({ ...values, [column]: event.target.value });
                  const { [column]: _, ...rest } = sources;
                  setSources(rest);
                }}
              />
              <PickButton
                title={title}
                onPick={onPick}
                onPicked={(text, source) => {
                  setValues((v) => ({ ...v, [column]: text }));
                  setSources((s) => ({ ...s, [column]: source }));
                }}
              />
            </div>
            {sources[column] ? (
              <p className="muted small">Its box on page {sources[column].page} is kept.</p>
            ) : null}
          </div>
        );
      })}
      <div className="button-row">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button primary" disabled={!filled} onClick={add}>
          {row === 'new' ? 'Add row' : 'Add value'}
        </button>
      </div>
    </>
  );
}

function PickButton({
  title,
  onPick,
  onPicked,
}: {
  title: string;
  onPick: StartPick;
  onPicked: (text: string, source: Source) => void;
}) {
  return (
    <button
      type="button"
      className="button small"
      title="Select its words on the page"
      aria-label={`Select ${title} on the page`}
      onClick={() => onPick(title, onPicked)}
    >
      🔍
    </button>
  );
}
