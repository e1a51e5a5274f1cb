import { type BillingCommand, setAttainedAgeField } from '../../../shared/billing/commands.ts';
import type { EditorProduct } from '../../../shared/billing/editor-model.ts';
import { numberBounds } from '../../../shared/billing/numbers.ts';
import {
  attainedAgeAnchorLabels,
  attainedAgeAnchors,
  attainedAgeFieldLabels,
  attainedAgeMethodLabels,
  attainedAgeMethods,
  reRateAlignmentLabels,
  reRateAlignments,
  reRateOnLabels,
  reRateOnOptions,
} from '../../../shared/billing/vocabulary.ts';
import { optionsOf, SelectField } from './fields.tsx';
import { NumberField } from './number-input.tsx';

/**
 * The attained-age editor (spec §3, §4): the age method does not apply with the anchor
 * Calendar Year Start, and the re-rate month only with the alignment First of Specified Month,
 * so each shows only when it applies.
 */
export function AttainedAgeEditor({
  product,
  dispatch,
}: {
  product: EditorProduct;
  dispatch: (command: BillingCommand) => void;
}) {
  const key = product.key;
  const a = product.attainedAge ?? {};
  return (
    <fieldset className="editor-group">
      <legend>Attained Age</legend>
      <div className="field-grid">
        <SelectField
          label={attainedAgeFieldLabels.anchor}
          value={a.anchor}
          options={optionsOf(attainedAgeAnchors, attainedAgeAnchorLabels)}
          placeholder="—"
          onChange={(value) => dispatch(setAttainedAgeField(key, { field: 'anchor', value }))}
        />
        {a.anchor !== 'calendarYearStart' ? (
          <SelectField
            label={attainedAgeFieldLabels.method}
            value={a.method}
            options={optionsOf(attainedAgeMethods, attainedAgeMethodLabels)}
            placeholder="—"
            onChange={(value) => dispatch(setAttainedAgeField(key, { field: 'method', value }))}
          />
        ) : null}
        <SelectField
          label={attainedAgeFieldLabels.reRateOn}
          value={a.reRateOn}
          options={optionsOf(reRateOnOptions, reRateOnLabels)}
          placeholder="—"
          onChange={(value) => dispatch(setAttainedAgeField(key, { field: 'reRateOn', value }))}
        />
        <SelectField
          label={attainedAgeFieldLabels.reRateAlignment}
          value={a.reRateAlignment}
          options={optionsOf(reRateAlignments, reRateAlignmentLabels)}
          placeholder="—"
          onChange={(value) =>
            dispatch(setAttainedAgeField(key, { field: 'reRateAlignment', value }))
          }
        />
        {a.reRateAlignment === 'firstOfSpecifiedMonth' ? (
          <NumberField
            label={attainedAgeFieldLabels.reRateMonth}
            value={a.reRateMonth}
            bounds={numberBounds.reRateMonth}
            hint="1 (January) to 12 (December)"
            onCommit={(value) =>
              dispatch(setAttainedAgeField(key, { field: 'reRateMonth', value }))
            }
          />
        ) : null}
      </div>
    </fieldset>
  );
}
