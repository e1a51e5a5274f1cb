export type { SavedComparison } from '../../../shared/comparisons/model.ts';
