import { describeLabel, sectionTitleOf } from '../../../shared/fields/labels.ts';
import type { CellView } from '../../../shared/proposals/cell-view.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { findValue } from '../../../shared/proposals/value-refs.ts';
import { cellKey } from '../../../shared/proposals/view-cells.ts';

/** The selected value as the source pane describes it. */
export interface SelectedValue {
  key: string;
  cell: CellView;
  /** `Plan Name`, `Dental Insurance · Rate Tiers · Monthly Rate`. */
  title: string;
  /** Where the value came from, in words (issue 12). */
  origin: string;
}

const stateWords = { confirmed: 'Confirmed', corrected: 'Corrected', added: 'Added' } as const;

export function describeSelected(data: ParsedData, cell: CellView): SelectedValue | undefined {
  const key = cellKey(cell);
  if (key === undefined) return undefined;
  const found = findValue(data, key);
  const info = found ? describeLabel(found.value.label) : undefined;
  const title = info
    ? [
        info.productName,
        info.section ? sectionTitleOf(`${info.productKey}_${info.section}`) : null,
        info.title,
      ]
        .filter(Boolean)
        .join(' · ')
    : 'Value';
  const review = found?.value.review;
  const by = review?.by ?? 'you';
  const box = cell.source?.box;
  let origin: string;
  if (box) origin = `Read on page ${cell.source!.page}`;
  else if (review && review.state !== 'confirmed') origin = `typed by ${by}`;
  else origin = 'not found in the document';
  if (review && (box || review.state === 'confirmed')) {
    origin += ` · ${stateWords[review.state]} by ${by}`;
  }
  return { key, cell, title, origin };
}
