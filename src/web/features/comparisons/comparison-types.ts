import type { ClassMatching } from '../../../shared/comparisons/model.ts';

export type { SavedComparison } from '../../../shared/comparisons/model.ts';
