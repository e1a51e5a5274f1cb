import {
  type BillingCommand,
  setVolumeType,
  updateVolumeField,
} from '../../../shared/billing/commands.ts';
import type { EditorProduct } from '../../../shared/billing/editor-model.ts';
import { volumeBounds } from '../../../shared/billing/numbers.ts';
import {
  coverageBases,
  coverageBasisLabels,
  payrollModeLabels,
  payrollModes,
  roundingMethodLabels,
  roundingMethods,
  type VolumeNumberField,
  volumeFieldLabels,
  volumeNumberFields,
  volumeTypeLabels,
} from '../../../shared/billing/vocabulary.ts';
import {
  allowedVolumeTypes,
  type ProductType,
  volumeInputs,
} from '../../../shared/catalogue/products.ts';
import { optionsOf, SelectField } from './fields.tsx';
import { NumberField } from './number-input.tsx';

const isNumberField = (f: string): f is VolumeNumberField =>
  (volumeNumberFields as readonly string[]).includes(f);

/**
 * The volume editor: a volume type the product allows, then the inputs that type uses
 * (spec §4 "Volume type change"). Benefit Percentage applies only with a post-benefit coverage
 * basis, so it shows only then.
 */
export function VolumeEditor({
  product,
  productType,
  dispatch,
}: {
  product: EditorProduct;
  productType: ProductType;
  dispatch: (command: BillingCommand) => void;
}) {
  const key = product.key;
  const volume = product.volume;
  const inputs = volumeInputs(productType, volume?.type);
  return (
    <fieldset className="editor-group">
      <legend>Volume</legend>
      <div className="field-grid">
        <SelectField
          label="Volume Type"
          value={volume?.type}
          options={optionsOf(allowedVolumeTypes(productType), volumeTypeLabels)}
          placeholder="No volume"
          onChange={(type) => dispatch(setVolumeType(key, type))}
        />
        {volume
          ? inputs.map((field) => {
              if (field === 'benefitPercentage' && volume.coverageBasis !== 'postBenefit')
                return null;
              if (isNumberField(field)) {
                return (
                  <NumberField
                    key={field}
                    label={volumeFieldLabels[field]}
                    value={volume[field]}
                    bounds={volumeBounds(field, volume)}
                    onCommit={(value) => dispatch(updateVolumeField(key, { field, value }))}
                  />
                );
              }
              if (field === 'coverageBasis') {
                return (
                  <SelectField
                    key={field}
                    label={volumeFieldLabels[field]}
                    value={volume.coverageBasis}
                    options={optionsOf(coverageBases, coverageBasisLabels)}
                    placeholder="—"
                    onChange={(value) => dispatch(updateVolumeField(key, { field, value }))}
                  />
                );
              }
              if (field === 'coveredPayrollMode') {
                return (
                  <SelectField
                    key={field}
                    label={volumeFieldLabels[field]}
                    value={volume.coveredPayrollMode}
                    options={optionsOf(payrollModes, payrollModeLabels)}
                    placeholder="—"
                    onChange={(value) => dispatch(updateVolumeField(key, { field, value }))}
                  />
                );
              }
              return (
                <SelectField
                  key={field}
                  label={volumeFieldLabels[field]}
                  value={volume.roundingMethod}
                  options={optionsOf(roundingMethods, roundingMethodLabels)}
                  placeholder="—"
                  onChange={(value) =>
                    dispatch(updateVolumeField(key, { field: 'roundingMethod', value }))
                  }
                />
              );
            })
          : null}
      </div>
    </fieldset>
  );
}
