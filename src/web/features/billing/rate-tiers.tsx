import {
  addRateTier,
  type BillingCommand,
  deleteRateTier,
  type TierLocation,
  updateRateTier,
} from '../../../shared/billing/commands.ts';
import { trimText } from '../../../shared/billing/dirty.ts';
import { numberBounds } from '../../../shared/billing/numbers.ts';
import type { RateTier } from '../../../shared/billing/schema.ts';
import { NumberInput } from './number-input.tsx';

/**
 * Rate tiers (spec §3): tier name, rate and — only while the smoker indicator is on — tobacco
 * rate. A tier can be deleted only when more than one exists.
 */
export function RateTiers({
  tiers,
  location,
  smoker,
  dispatch,
  caption,
}: {
  tiers: readonly RateTier[];
  location: TierLocation;
  smoker: boolean;
  dispatch: (command: BillingCommand) => void;
  caption: string;
}) {
  const band = location.band;
  return (
    <div className="rate-tiers">
      <table className="edit-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tier Name</th>
            <th scope="col">Rate</th>
            {smoker ? <th scope="col">Tobacco Rate</th> : null}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, i) => {
            const name = `Tier ${i + 1}`;
            return (
              // Tiers have no identity of their own: their position is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i}>
                <td>
                  <input
                    type="text"
                    aria-label={`${name} name`}
                    placeholder="e.g. Employee"
                    value={tier.tierName}
                    onChange={(e) =>
                      dispatch(
                        updateRateTier(location, i, { field: 'tierName', value: e.target.value }),
                      )
                    }
                    onBlur={() => {
                      const trimmed = trimText(tier.tierName);
                      if (trimmed !== tier.tierName)
                        dispatch(
                          updateRateTier(location, i, { field: 'tierName', value: trimmed }),
                        );
                    }}
                  />
                </td>
                <td>
                  <NumberInput
                    aria-label={`${name} rate`}
                    value={tier.rate}
                    bounds={numberBounds.rate}
                    onCommit={(value) =>
                      dispatch(updateRateTier(location, i, { field: 'rate', value }))
                    }
                  />
                </td>
                {smoker ? (
                  <td>
                    <NumberInput
                      aria-label={`${name} tobacco rate`}
                      value={tier.tobaccoRate}
                      bounds={numberBounds.tobaccoRate}
                      onCommit={(value) =>
                        dispatch(updateRateTier(location, i, { field: 'tobaccoRate', value }))
                      }
                    />
                  </td>
                ) : null}
                <td className="row-actions">
                  <button
                    type="button"
                    className="button icon danger"
                    aria-label={`Delete ${name.toLowerCase()}`}
                    title={tiers.length <= 1 ? 'At least one tier is needed' : `Delete ${name}`}
                    disabled={tiers.length <= 1}
                    onClick={() => dispatch(deleteRateTier(location, i))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="button small"
        onClick={() => dispatch(addRateTier(location.productKey, band))}
      >
        + Add Rate Tier
      </button>
    </div>
  );
}
