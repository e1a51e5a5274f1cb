import { memo, useMemo, useState } from 'react';
import {
  type BillingCommand,
  chooseProductType,
  deleteProduct,
  setEffectiveDate,
  setMatchedADD,
  setNotes,
  setPriceRateBasis,
  setProductClasses,
  setSmokerIndicator,
  setSpouseFlag,
} from '../../../shared/billing/commands.ts';
import type { EditorClass, EditorProduct } from '../../../shared/billing/editor-model.ts';
import { effectiveDateHint } from '../../../shared/billing/effective-date.ts';
import {
  classHeading,
  productHeading,
  productNotesLabel,
} from '../../../shared/billing/headings.ts';
import { numberBounds } from '../../../shared/billing/numbers.ts';
import {
  productTypeOf,
  supportsAgeReduction,
  supportsAttainedAge,
  supportsEffectiveDate,
  supportsMatchedADD,
  supportsNotes,
  supportsPriceRateBasis,
  supportsSmokerIndicator,
  supportsSpouseAdminOnEE,
  supportsSpouseSmokerOnEE,
  takesVolume,
} from '../../../shared/catalogue/products.ts';
import { AgeReductionEditor } from './age-reduction-editor.tsx';
import { AttainedAgeEditor } from './attained-age-editor.tsx';
import { ClassMultiSelect } from './class-multi-select.tsx';
import { CheckboxField, TextField } from './fields.tsx';
import { NumberField } from './number-input.tsx';
import { ProductTypeCombobox } from './product-type-combobox.tsx';
import { RateEditor } from './rate-editor.tsx';
import { useBillingReadOnly } from './read-only.ts';
import { VolumeEditor } from './volume-editor.tsx';

/**
 * A product card (spec §2): a header with the product heading, the classes holding it and
 * 'Delete Product'; collapsible, so a client with ten products stays readable. Inside: the
 * product-type picker and the 'Classes' multi-select, then — once a type is chosen — only what
 * that type supports.
 */
export const ProductCard = memo(function ProductCard({
  product,
  index,
  classes,
  expanded,
  onToggle,
  dispatch,
}: {
  product: EditorProduct;
  index: number;
  classes: readonly EditorClass[];
  expanded: boolean;
  /** Opens or closes the card of the product with this productId. */
  onToggle: (productId: string) => void;
  dispatch: (command: BillingCommand) => void;
}) {
  const readOnly = useBillingReadOnly();
  const key = product.key;
  const heading = productHeading(product, index);
  const bodyId = `product-body-${key}`;
  const held = useMemo(
    () => classes.flatMap((c, i) => (c.productKeys.includes(key) ? [{ key: c.key, i, c }] : [])),
    [classes, key],
  );

  return (
    <li className="billing-card product-card" id={`product-${key}`} aria-label={heading}>
      <div className="card-header">
        <div className="card-title">
          <h4>
            <button
              type="button"
              className="disclosure"
              aria-expanded={expanded}
              aria-controls={bodyId}
              onClick={() => onToggle(product.productId)}
            >
              <span className="disclosure-icon" aria-hidden="true">
                {expanded ? '▾' : '▸'}
              </span>
              {heading}
            </button>
          </h4>
          {held.length > 0 ? (
            <ul className="class-chips" aria-label="Held by classes">
              {held.map(({ key: k, i, c }) => (
                <li key={k} className="chip">
                  {classHeading(c, i)}
                </li>
              ))}
            </ul>
          ) : (
            <span className="chip warning">In no class — not saved</span>
          )}
        </div>
        {readOnly ? null : (
          <button
            type="button"
            className="button small danger"
            onClick={() => dispatch(deleteProduct(key))}
          >
            Delete Product
          </button>
        )}
      </div>
      {expanded ? (
        <fieldset id={bodyId} className="card-body read-only-fields" disabled={readOnly}>
          <ProductBasics product={product} dispatch={dispatch} />
          <ClassMultiSelect
            classes={classes}
            selected={held.map((h) => h.key)}
            onChange={(keys) => dispatch(setProductClasses(key, keys))}
          />
          <ProductEditors product={product} dispatch={dispatch} />
        </fieldset>
      ) : null}
    </li>
  );
});

/** Product type, Effective Date and Price Rate Basis: they follow the product alone. */
const ProductBasics = memo(function ProductBasics({
  product,
  dispatch,
}: {
  product: EditorProduct;
  dispatch: (command: BillingCommand) => void;
}) {
  const key = product.key;
  const type = productTypeOf(product);
  const [editingDate, setEditingDate] = useState(false);
  return (
    <div className="field-grid three">
      <ProductTypeCombobox
        value={type}
        onChoose={(t) => dispatch(chooseProductType(key, t.productCode))}
      />
      {supportsEffectiveDate(type) ? (
        <TextField
          label="Effective Date"
          placeholder="MM/DD/YYYY"
          value={product.effectiveDate}
          onChange={(v) => dispatch(setEffectiveDate(key, v))}
          onFocusChange={setEditingDate}
          hint={editingDate ? undefined : effectiveDateHint(product.effectiveDate)}
        />
      ) : null}
      {supportsPriceRateBasis(type) ? (
        <NumberField
          label="Price Rate Basis"
          value={product.priceRateBasis}
          bounds={numberBounds.priceRateBasis}
          onCommit={(v) => dispatch(setPriceRateBasis(key, v))}
        />
      ) : null}
    </div>
  );
});

/**
 * Options, rate, volume, attained age, age reductions and notes: each only when the chosen type
 * supports it. Memoised on the product, so an edit elsewhere (a class name shown in every card's
 * header) does not re-render these editors.
 */
const ProductEditors = memo(function ProductEditors({
  product,
  dispatch,
}: {
  product: EditorProduct;
  dispatch: (command: BillingCommand) => void;
}) {
  const key = product.key;
  const type = productTypeOf(product);
  const smoker = product.smokerIndicator === true && supportsSmokerIndicator(type);
  return (
    <>
      {type === undefined ? (
        <p className="muted small">Choose a product type to set its rates, volume and options.</p>
      ) : null}
      {type &&
      (supportsSmokerIndicator(type) ||
        supportsSpouseAdminOnEE(type) ||
        supportsMatchedADD(type)) ? (
        <fieldset className="editor-group">
          <legend>Options</legend>
          <div className="checkbox-row">
            {supportsSmokerIndicator(type) ? (
              <CheckboxField
                label="Smoker Indicator"
                checked={product.smokerIndicator === true}
                onChange={(on) => dispatch(setSmokerIndicator(key, on))}
              />
            ) : null}
            {supportsSpouseSmokerOnEE(type) && smoker ? (
              <CheckboxField
                label="Spouse Smoker On EE"
                checked={product.spouseSmokerOnEE === true}
                onChange={(on) => dispatch(setSpouseFlag(key, 'spouseSmokerOnEE', on))}
              />
            ) : null}
            {supportsSpouseAdminOnEE(type) ? (
              <CheckboxField
                label="Spouse Admin On EE"
                checked={product.spouseAdminOnEE === true}
                onChange={(on) => dispatch(setSpouseFlag(key, 'spouseAdminOnEE', on))}
              />
            ) : null}
            {supportsMatchedADD(type) ? (
              <CheckboxField
                label="Matched AD&D"
                checked={product.matchedADD === true}
                onChange={(on) => dispatch(setMatchedADD(key, on))}
              />
            ) : null}
          </div>
        </fieldset>
      ) : null}
      {type ? (
        <RateEditor product={product} productType={type} smoker={smoker} dispatch={dispatch} />
      ) : null}
      {type && takesVolume(type) ? (
        <VolumeEditor product={product} productType={type} dispatch={dispatch} />
      ) : null}
      {supportsAttainedAge(type) ? (
        <AttainedAgeEditor product={product} dispatch={dispatch} />
      ) : null}
      {supportsAgeReduction(type) ? (
        <AgeReductionEditor product={product} dispatch={dispatch} />
      ) : null}
      {supportsNotes(type) ? (
        <TextField
          label={productNotesLabel(product)}
          value={product.notes ?? ''}
          onChange={(v) => dispatch(setNotes(key, v))}
          rows={2}
        />
      ) : null}
    </>
  );
});
