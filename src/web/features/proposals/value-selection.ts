import { createContext, useContext } from 'react';
import type { CellView } from '../../../shared/proposals/cell-view.ts';

/**
 * How the values of a proposal screen are selected and edited in place (issue 12). The screen
 * that edits provides it; without it (a read-only view) values are plain.
 */
export interface ValueSelection {
  /** The key (first ref) of the selected value. */
  selectedKey: string | undefined;
  /** The key of the value being edited in place, and the text the editor opens with. */
  editing: { key: string; seed: string } | undefined;
  /** Review mode: its keys (Enter confirms, typing corrects) are the screen's, not the value's. */
  reviewing: boolean;
  select: (cell: CellView) => void;
  startEdit: (cell: CellView, seed?: string) => void;
  commitEdit: (cell: CellView, value: string) => void;
  cancelEdit: () => void;
  /** Renames a class (its heading and the class of all its rows); absent where nothing edits. */
  renameClass?: (classViewKey: string, name: string) => void;
}

export const ValueSelectionContext = createContext<ValueSelection | null>(null);

export function useValueSelection(): ValueSelection | null {
  return useContext(ValueSelectionContext);
}
