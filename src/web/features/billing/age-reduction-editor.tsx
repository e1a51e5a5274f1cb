import { useId } from 'react';
import {
  addAgeReduction,
  type BillingCommand,
  deleteAgeReduction,
  setAgeReductionType,
  updateAgeReduction,
} from '../../../shared/billing/commands.ts';
import type { EditorProduct } from '../../../shared/billing/editor-model.ts';
import { ageReductionBounds } from '../../../shared/billing/numbers.ts';
import {
  ageReductionTypeLabels,
  ageReductionTypes,
  roundingMethodLabels,
  roundingMethods,
} from '../../../shared/billing/vocabulary.ts';
import { optionsOf, SelectField, SelectInput } from './fields.tsx';
import { NumberInput } from './number-input.tsx';

/**
 * The age-reduction editor (spec §4 "Age reductions"): a type first — 'Add Age Reduction' is
 * disabled with 'Select a type first' until one is chosen — then rows of age and reduction
 * (a percentage 0–100 with increment and rounding, or an amount). Deleting the last row sets the
 * age reduction back to unset, type included.
 */
export function AgeReductionEditor({
  product,
  dispatch,
}: {
  product: EditorProduct;
  dispatch: (command: BillingCommand) => void;
}) {
  const key = product.key;
  const reduction = product.ageReduction;
  const type = reduction?.type;
  const hintId = useId();
  const rows = reduction?.rows ?? [];
  const percentage = type === 'percentage';
  return (
    <fieldset className="editor-group">
      <legend>Age Reductions</legend>
      <div className="inline-fields">
        <SelectField
          label="Reduction Type"
          value={type}
          options={optionsOf(ageReductionTypes, ageReductionTypeLabels)}
          placeholder="Select a type"
          onChange={(value) => dispatch(setAgeReductionType(key, value))}
        />
      </div>
      {type && rows.length > 0 ? (
        <table className="edit-table">
          <caption className="visually-hidden">Age reductions</caption>
          <thead>
            <tr>
              <th scope="col">Age</th>
              <th scope="col">{percentage ? 'Reduction (%)' : 'Reduction (amount)'}</th>
              {percentage ? <th scope="col">Increment</th> : null}
              {percentage ? <th scope="col">Rounding</th> : null}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by position
              <tr key={i}>
                <td>
                  <NumberInput
                    aria-label={`Reduction ${i + 1} age`}
                    value={row.age}
                    bounds={ageReductionBounds('age', type)}
                    onCommit={(value) =>
                      dispatch(updateAgeReduction(key, i, { field: 'age', value }))
                    }
                  />
                </td>
                <td>
                  <NumberInput
                    aria-label={`Reduction ${i + 1} reduction`}
                    value={row.reduction}
                    bounds={ageReductionBounds('reduction', type)}
                    onCommit={(value) =>
                      dispatch(updateAgeReduction(key, i, { field: 'reduction', value }))
                    }
                  />
                </td>
                {percentage ? (
                  <td>
                    <NumberInput
                      aria-label={`Reduction ${i + 1} increment`}
                      value={row.increment}
                      bounds={ageReductionBounds('increment', type)}
                      onCommit={(value) =>
                        dispatch(updateAgeReduction(key, i, { field: 'increment', value }))
                      }
                    />
                  </td>
                ) : null}
                {percentage ? (
                  <td>
                    <SelectInput
                      aria-label={`Reduction ${i + 1} rounding`}
                      value={row.roundingMethod}
                      options={optionsOf(roundingMethods, roundingMethodLabels)}
                      placeholder="—"
                      onChange={(value) =>
                        dispatch(updateAgeReduction(key, i, { field: 'roundingMethod', value }))
                      }
                    />
                  </td>
                ) : null}
                <td className="row-actions">
                  <button
                    type="button"
                    className="button icon danger"
                    aria-label={`Delete reduction ${i + 1}`}
                    title={`Delete reduction ${i + 1}`}
                    onClick={() => dispatch(deleteAgeReduction(key, i))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button small"
          disabled={type === undefined}
          aria-describedby={type === undefined ? hintId : undefined}
          onClick={() => dispatch(addAgeReduction(key))}
        >
          Add Age Reduction
        </button>
        {type === undefined ? (
          <span id={hintId} className="muted small">
            Select a type first
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
