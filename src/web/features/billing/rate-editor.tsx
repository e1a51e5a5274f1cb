import {
  type BillingCommand,
  setRateType,
  setStaticRate,
} from '../../../shared/billing/commands.ts';
import type { EditorProduct } from '../../../shared/billing/editor-model.ts';
import { numberBounds } from '../../../shared/billing/numbers.ts';
import { rateTypeLabels } from '../../../shared/billing/vocabulary.ts';
import { allowedRateTypes, type ProductType } from '../../../shared/catalogue/products.ts';
import { AgeBands } from './age-bands.tsx';
import { optionsOf, SelectField } from './fields.tsx';
import { NumberField } from './number-input.tsx';
import { RateTiers } from './rate-tiers.tsx';

/**
 * The rate editor (spec §2): a static rate, rate tiers, or age bands, as the product type allows.
 * When the type allows one rate type it is applied automatically and only named here.
 */
export function RateEditor({
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
  const types = allowedRateTypes(productType);
  const rate = product.rate;
  return (
    <fieldset className="editor-group">
      <legend>
        Rate
        {types.length === 1 ? (
          <span className="legend-note">{rateTypeLabels[types[0]!]}</span>
        ) : null}
      </legend>
      {types.length > 1 ? (
        <div className="inline-fields">
          <SelectField
            label="Rate Type"
            value={rate.type}
            options={optionsOf(types, rateTypeLabels)}
            placeholder="Select a rate type"
            onChange={(type) => {
              if (type) dispatch(setRateType(product.key, type));
            }}
          />
        </div>
      ) : null}
      {rate.type === 'static' ? (
        <div className="inline-fields">
          <NumberField
            label="Static Rate"
            value={rate.staticRate}
            bounds={numberBounds.staticRate}
            onCommit={(value) => dispatch(setStaticRate(product.key, value))}
          />
        </div>
      ) : null}
      {rate.type === 'tiered' ? (
        <RateTiers
          tiers={rate.rateTiers ?? []}
          location={{ productKey: product.key }}
          smoker={smoker}
          dispatch={dispatch}
          caption="Rate tiers"
        />
      ) : null}
      {rate.type === 'ageBanded' ? (
        <AgeBands product={product} productType={productType} smoker={smoker} dispatch={dispatch} />
      ) : null}
    </fieldset>
  );
}
