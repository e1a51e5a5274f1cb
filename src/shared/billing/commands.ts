/**
 * The billing editor's edits as named commands (plain, serialisable objects) and their
 * creators. `reduceBilling` (./reduce.ts) applies them. Creators of things that need a new
 * identifier take an id generator so tests can be deterministic.
 */
import { type IdGenerator, randomId } from './editor-model.ts';
import type {
  AgeBandField,
  AgeReductionUpdate,
  AttainedAgeUpdate,
  RateTierUpdate,
  VolumeFieldUpdate,
} from './transitions.ts';
import type { AgeBandMode, AgeReductionType, RateType, VolumeType } from './vocabulary.ts';

export type ClassTextField = 'className' | 'classID' | 'notes' | 'location';

/** Where a rate tier lives: the rate's own tiers, or those of the tiered age band `band`. */
export interface TierLocation {
  readonly productKey: string;
  /** Index of a tiered age band; absent for the rate's own tiers. */
  readonly band?: number | undefined;
}

export type BillingCommand =
  // classes
  | { readonly type: 'addClass'; readonly key: string }
  | { readonly type: 'deleteClass'; readonly classKey: string }
  | {
      readonly type: 'updateClassField';
      readonly classKey: string;
      readonly field: ClassTextField;
      readonly value: string;
    }
  // products and their classes
  | { readonly type: 'addProduct'; readonly key: string; readonly productId: string }
  | { readonly type: 'deleteProduct'; readonly productKey: string }
  | {
      readonly type: 'setProductClasses';
      readonly productKey: string;
      readonly classKeys: readonly string[];
    }
  | {
      readonly type: 'chooseProductType';
      readonly productKey: string;
      readonly productCode: string;
    }
  | { readonly type: 'setEffectiveDate'; readonly productKey: string; readonly value: string }
  | {
      readonly type: 'setPriceRateBasis';
      readonly productKey: string;
      readonly value: number | undefined;
    }
  | { readonly type: 'setNotes'; readonly productKey: string; readonly value: string }
  // rate
  | { readonly type: 'setRateType'; readonly productKey: string; readonly rateType: RateType }
  | {
      readonly type: 'setStaticRate';
      readonly productKey: string;
      readonly value: number | undefined;
    }
  | ({ readonly type: 'addRateTier' } & TierLocation)
  | ({
      readonly type: 'updateRateTier';
      readonly index: number;
      readonly update: RateTierUpdate;
    } & TierLocation)
  | ({ readonly type: 'deleteRateTier'; readonly index: number } & TierLocation)
  | { readonly type: 'setAgeBandMode'; readonly productKey: string; readonly mode: AgeBandMode }
  | {
      readonly type: 'addAgeBand';
      readonly productKey: string;
      readonly mode?: AgeBandMode | undefined;
    }
  | {
      readonly type: 'updateAgeBand';
      readonly productKey: string;
      readonly band: number;
      readonly field: AgeBandField;
      readonly value: number | undefined;
    }
  | { readonly type: 'deleteAgeBand'; readonly productKey: string; readonly band: number }
  // volume
  | {
      readonly type: 'setVolumeType';
      readonly productKey: string;
      readonly volumeType: VolumeType | undefined;
    }
  | {
      readonly type: 'updateVolumeField';
      readonly productKey: string;
      readonly update: VolumeFieldUpdate;
    }
  // attained age
  | {
      readonly type: 'setAttainedAgeField';
      readonly productKey: string;
      readonly update: AttainedAgeUpdate;
    }
  // age reductions
  | {
      readonly type: 'setAgeReductionType';
      readonly productKey: string;
      readonly reductionType: AgeReductionType | undefined;
    }
  | { readonly type: 'addAgeReduction'; readonly productKey: string }
  | {
      readonly type: 'updateAgeReduction';
      readonly productKey: string;
      readonly index: number;
      readonly update: AgeReductionUpdate;
    }
  | { readonly type: 'deleteAgeReduction'; readonly productKey: string; readonly index: number }
  // flags
  | { readonly type: 'setSmokerIndicator'; readonly productKey: string; readonly value: boolean }
  | {
      readonly type: 'setSpouseFlag';
      readonly productKey: string;
      readonly flag: 'spouseAdminOnEE' | 'spouseSmokerOnEE';
      readonly value: boolean;
    }
  | { readonly type: 'setMatchedADD'; readonly productKey: string; readonly value: boolean }
  | { readonly type: 'setSeparateADD'; readonly productKey: string; readonly value: boolean };

export type BillingCommandType = BillingCommand['type'];

// ——— creators ———

export const addClass = (newId: IdGenerator = randomId): BillingCommand => ({
  type: 'addClass',
  key: newId(),
});
export const deleteClass = (classKey: string): BillingCommand => ({
  type: 'deleteClass',
  classKey,
});
export const updateClassField = (
  classKey: string,
  field: ClassTextField,
  value: string,
): BillingCommand => ({ type: 'updateClassField', classKey, field, value });

/** A new product gets a client-side key and a v4 UUID productId. */
export const addProduct = (newId: IdGenerator = randomId): BillingCommand => ({
  type: 'addProduct',
  key: newId(),
  productId: newId(),
});
export const deleteProduct = (productKey: string): BillingCommand => ({
  type: 'deleteProduct',
  productKey,
});
export const setProductClasses = (
  productKey: string,
  classKeys: readonly string[],
): BillingCommand => ({ type: 'setProductClasses', productKey, classKeys });
export const chooseProductType = (productKey: string, productCode: string): BillingCommand => ({
  type: 'chooseProductType',
  productKey,
  productCode,
});
export const setEffectiveDate = (productKey: string, value: string): BillingCommand => ({
  type: 'setEffectiveDate',
  productKey,
  value,
});
export const setPriceRateBasis = (
  productKey: string,
  value: number | undefined,
): BillingCommand => ({
  type: 'setPriceRateBasis',
  productKey,
  value,
});
export const setNotes = (productKey: string, value: string): BillingCommand => ({
  type: 'setNotes',
  productKey,
  value,
});

export const setRateType = (productKey: string, rateType: RateType): BillingCommand => ({
  type: 'setRateType',
  productKey,
  rateType,
});
export const setStaticRate = (productKey: string, value: number | undefined): BillingCommand => ({
  type: 'setStaticRate',
  productKey,
  value,
});
export const addRateTier = (productKey: string, band?: number): BillingCommand => ({
  type: 'addRateTier',
  productKey,
  band,
});
export const updateRateTier = (
  location: TierLocation,
  index: number,
  update: RateTierUpdate,
): BillingCommand => ({ type: 'updateRateTier', ...location, index, update });
export const deleteRateTier = (location: TierLocation, index: number): BillingCommand => ({
  type: 'deleteRateTier',
  ...location,
  index,
});
export const setAgeBandMode = (productKey: string, mode: AgeBandMode): BillingCommand => ({
  type: 'setAgeBandMode',
  productKey,
  mode,
});
export const addAgeBand = (productKey: string, mode?: AgeBandMode): BillingCommand => ({
  type: 'addAgeBand',
  productKey,
  mode,
});
export const updateAgeBand = (
  productKey: string,
  band: number,
  field: AgeBandField,
  value: number | undefined,
): BillingCommand => ({ type: 'updateAgeBand', productKey, band, field, value });
export const deleteAgeBand = (productKey: string, band: number): BillingCommand => ({
  type: 'deleteAgeBand',
  productKey,
  band,
});

export const setVolumeType = (
  productKey: string,
  volumeType: VolumeType | undefined,
): BillingCommand => ({ type: 'setVolumeType', productKey, volumeType });
export const updateVolumeField = (
  productKey: string,
  update: VolumeFieldUpdate,
): BillingCommand => ({
  type: 'updateVolumeField',
  productKey,
  update,
});
export const setCoverageBasis = (
  productKey: string,
  value: Extract<VolumeFieldUpdate, { field: 'coverageBasis' }>['value'],
): BillingCommand => updateVolumeField(productKey, { field: 'coverageBasis', value });

export const setAttainedAgeField = (
  productKey: string,
  update: AttainedAgeUpdate,
): BillingCommand => ({
  type: 'setAttainedAgeField',
  productKey,
  update,
});

export const setAgeReductionType = (
  productKey: string,
  reductionType: AgeReductionType | undefined,
): BillingCommand => ({ type: 'setAgeReductionType', productKey, reductionType });
export const addAgeReduction = (productKey: string): BillingCommand => ({
  type: 'addAgeReduction',
  productKey,
});
export const updateAgeReduction = (
  productKey: string,
  index: number,
  update: AgeReductionUpdate,
): BillingCommand => ({ type: 'updateAgeReduction', productKey, index, update });
export const deleteAgeReduction = (productKey: string, index: number): BillingCommand => ({
  type: 'deleteAgeReduction',
  productKey,
  index,
});

export const setSmokerIndicator = (productKey: string, value: boolean): BillingCommand => ({
  type: 'setSmokerIndicator',
  productKey,
  value,
});
export const setSpouseFlag = (
  productKey: string,
  flag: 'spouseAdminOnEE' | 'spouseSmokerOnEE',
  value: boolean,
): BillingCommand => ({ type: 'setSpouseFlag', productKey, flag, value });
export const setMatchedADD = (productKey: string, value: boolean): BillingCommand => ({
  type: 'setMatchedADD',
  productKey,
  value,
});
export const setSeparateADD = (productKey: string, value: boolean): BillingCommand => ({
  type: 'setSeparateADD',
  productKey,
  value,
});
