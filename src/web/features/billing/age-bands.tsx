import { useState } from 'react';
import {
  addAgeBand,
  type BillingCommand,
  deleteAgeBand,
  setAgeBandMode,
  updateAgeBand,
} from '../../../shared/billing/commands.ts';
import type { EditorProduct } from '../../../shared/billing/editor-model.ts';
import { ageBandAgeBounds, numberBounds } from '../../../shared/billing/numbers.ts';
import type { AgeBand } from '../../../shared/billing/schema.ts';
import { ageBandMode } from '../../../shared/billing/transitions.ts';
import { type AgeBandMode, ageBandModeLabels } from '../../../shared/billing/vocabulary.ts';
import {
  allowedAgeBandModes,
  canAddAgeBand,
  type ProductType,
} from '../../../shared/catalogue/products.ts';
import { optionsOf, SelectField } from './fields.tsx';
import { NumberInput } from './number-input.tsx';
import { RateTiers } from './rate-tiers.tsx';

/**
 * Age bands (spec §2 "Age-band editor with Add Age Band"): static bands (a rate, and a tobacco
 * rate while the smoker indicator is on) or tiered bands (rate tiers), as the product type
 * allows. The bands share one mode; with no bands yet the editor keeps the chosen mode itself
 * and adds the first band in it. A band can be deleted only when more than one exists.
 */
export function AgeBands({
  product,
  productType,
  smoker,
  dispatch,
}: {
  product: EditorProduct;
  productType: ProductType;
  smoker: boolean;
  dispatch: (command: BillingCommand) => void;
}) {
  const modes = allowedAgeBandModes(productType);
  const bands = product.rate.ageBands ?? [];
  const [chosenMode, setChosenMode] = useState<AgeBandMode | undefined>(undefined);
  const mode =
    ageBandMode(product) ?? (chosenMode && modes.includes(chosenMode) ? chosenMode : modes[0]);
  const key = product.key;

  const ages = (band: AgeBand, i: number) => (
    <>
      <td>
        <NumberInput
          aria-label={`Band ${i + 1} minimum age`}
          value={band.minimumAge}
          bounds={ageBandAgeBounds('minimumAge', band)}
          onCommit={(value) => dispatch(updateAgeBand(key, i, 'minimumAge', value))}
        />
      </td>
      <td>
        <NumberInput
          aria-label={`Band ${i + 1} maximum age`}
          value={band.maximumAge}
          bounds={ageBandAgeBounds('maximumAge', band)}
          onCommit={(value) => dispatch(updateAgeBand(key, i, 'maximumAge', value))}
        />
      </td>
    </>
  );
  const deleteButton = (i: number) => (
    <button
      type="button"
      className="button icon danger"
      aria-label={`Delete band ${i + 1}`}
      title={bands.length <= 1 ? 'At least one age band is needed' : `Delete band ${i + 1}`}
      disabled={bands.length <= 1}
      onClick={() => dispatch(deleteAgeBand(key, i))}
    >
      ✕
    </button>
  );

  return (
    <div className="age-bands">
      {modes.length > 1 ? (
        <div className="inline-fields">
          <SelectField
            label="Age Band Mode"
            value={mode}
            options={optionsOf(modes, ageBandModeLabels)}
            onChange={(next) => {
              if (next === undefined) return;
              setChosenMode(next);
              if (bands.length > 0) dispatch(setAgeBandMode(key, next));
            }}
          />
        </div>
      ) : null}
      {bands.length === 0 ? <p className="muted small">No age bands yet.</p> : null}
      {bands.length > 0 && mode === 'static' ? (
        <table className="edit-table">
          <caption className="visually-hidden">Age bands</caption>
          <thead>
            <tr>
              <th scope="col">Min Age</th>
              <th scope="col">Max Age</th>
              <th scope="col">Rate</th>
              {smoker ? <th scope="col">Tobacco Rate</th> : null}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bands.map((band, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: bands are identified by position
              <tr key={i}>
                {ages(band, i)}
                <td>
                  <NumberInput
                    aria-label={`Band ${i + 1} rate`}
                    value={band.rate}
                    bounds={numberBounds.rate}
                    onCommit={(value) => dispatch(updateAgeBand(key, i, 'rate', value))}
                  />
                </td>
                {smoker ? (
                  <td>
                    <NumberInput
                      aria-label={`Band ${i + 1} tobacco rate`}
                      value={band.tobaccoRate}
                      bounds={numberBounds.tobaccoRate}
                      onCommit={(value) => dispatch(updateAgeBand(key, i, 'tobaccoRate', value))}
                    />
                  </td>
                ) : null}
                <td className="row-actions">{deleteButton(i)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {bands.length > 0 && mode === 'tiered' ? (
        <ol className="tiered-bands">
          {bands.map((band, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: bands are identified by position
            <li key={i} className="tiered-band">
              <table className="edit-table band-ages">
                <caption className="visually-hidden">Band {i + 1} ages</caption>
                <thead>
                  <tr>
                    <th scope="col">Min Age</th>
                    <th scope="col">Max Age</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    {ages(band, i)}
                    <td className="row-actions">{deleteButton(i)}</td>
                  </tr>
                </tbody>
              </table>
              <RateTiers
                tiers={band.rateTiers ?? []}
                location={{ productKey: key, band: i }}
                smoker={smoker}
                dispatch={dispatch}
                caption={`Band ${i + 1} rate tiers`}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <button
        type="button"
        className="button small"
        disabled={!canAddAgeBand(productType)}
        onClick={() => dispatch(addAgeBand(key, mode))}
      >
        Add Age Band
      </button>
    </div>
  );
}
