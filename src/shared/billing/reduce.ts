/**
 * The billing editor's one pure reducer. A command that cannot apply (unknown key, a change the
 * product type does not allow, deleting the last tier or band, …) returns the SAME state object.
 */
import { productByCode } from '../catalogue/products.ts';
import type { BillingCommand } from './commands.ts';
import { type EditorProduct, type EditorState, newClass, newProduct } from './editor-model.ts';
import type { Product } from './schema.ts';
import * as rules from './transitions.ts';

type ProductCommand = Extract<BillingCommand, { productKey: string }>;

function applyToProduct(product: Product, command: ProductCommand): Product {
  switch (command.type) {
    case 'chooseProductType':
      return rules.chooseProductType(product, productByCode(command.productCode));
    case 'setEffectiveDate':
      return rules.setEffectiveDate(product, command.value);
    case 'setPriceRateBasis':
      return rules.setPriceRateBasis(product, command.value);
    case 'setNotes':
      return rules.setNotes(product, command.value);
    case 'setRateType':
      return rules.setRateType(product, command.rateType);
    case 'setStaticRate':
      return rules.setStaticRate(product, command.value);
    case 'addRateTier':
      return rules.addRateTier(product, command.band);
    case 'updateRateTier':
      return rules.updateRateTier(product, command.band, command.index, command.update);
    case 'deleteRateTier':
      return rules.deleteRateTier(product, command.band, command.index);
    case 'setAgeBandMode':
      return rules.setAgeBandMode(product, command.mode);
    case 'addAgeBand':
      return rules.addAgeBand(product, command.mode);
    case 'updateAgeBand':
      return rules.updateAgeBand(product, command.band, command.field, command.value);
    case 'deleteAgeBand':
      return rules.deleteAgeBand(product, command.band);
    case 'setVolumeType':
      return rules.setVolumeType(product, command.volumeType);
    case 'updateVolumeField':
      return rules.updateVolumeField(product, command.update);
    case 'setAttainedAgeField':
      return rules.setAttainedAgeField(product, command.update);
    case 'setAgeReductionType':
      return rules.setAgeReductionType(product, command.reductionType);
    case 'addAgeReduction':
      return rules.addAgeReduction(product);
    case 'updateAgeReduction':
      return rules.updateAgeReduction(product, command.index, command.update);
    case 'deleteAgeReduction':
      return rules.deleteAgeReduction(product, command.index);
    case 'setSmokerIndicator':
      return rules.setSmokerIndicator(product, command.value);
    case 'setSpouseFlag':
      return rules.setSpouseFlag(product, command.flag, command.value);
    case 'setMatchedADD':
      return rules.setMatchedADD(product, command.value);
    case 'setSeparateADD':
      return rules.setSeparateADD(product, command.value);
    case 'deleteProduct':
    case 'setProductClasses':
      return product;
  }
}

function updateProduct(state: EditorState, command: ProductCommand): EditorState {
  const index = state.products.findIndex((p) => p.key === command.productKey);
  if (index < 0) return state;
  const current = state.products[index]!;
  const { key, ...data } = current;
  const next = applyToProduct(data, command);
  if (next === data) return state;
  const product: EditorProduct = { ...next, key };
  return { ...state, products: state.products.map((p, i) => (i === index ? product : p)) };
}

/** Applies one command (spec §4's transitions, §5's bounds) and returns the next state. */
export function reduceBilling(state: EditorState, command: BillingCommand): EditorState {
  switch (command.type) {
    case 'addClass':
      if (state.classes.some((c) => c.key === command.key)) return state;
      return { ...state, classes: [...state.classes, newClass(command.key)] };

    case 'deleteClass': {
      // The class's assignments go with it: no product lists it any more.
      const classes = state.classes.filter((c) => c.key !== command.classKey);
      return classes.length === state.classes.length ? state : { ...state, classes };
    }

    case 'updateClassField': {
      const cls = state.classes.find((c) => c.key === command.classKey);
      if (cls === undefined || typeof command.value !== 'string') return state;
      const { field, value } = command;
      let next: typeof cls;
      if ((field === 'notes' || field === 'location') && value === '') {
        // An empty optional text is unset.
        if (!(field in cls)) return state;
        const { [field]: _removed, ...rest } = cls;
        next = rest;
      } else {
        if (cls[field] === value) return state;
        next = { ...cls, [field]: value };
      }
      return { ...state, classes: state.classes.map((c) => (c === cls ? next : c)) };
    }

    case 'addProduct':
      if (state.products.some((p) => p.key === command.key)) return state;
      return {
        ...state,
        products: [...state.products, newProduct(command.key, command.productId)],
      };

    case 'deleteProduct': {
      const products = state.products.filter((p) => p.key !== command.productKey);
      if (products.length === state.products.length) return state;
      return {
        products,
        classes: state.classes.map((c) =>
          c.productKeys.includes(command.productKey)
            ? { ...c, productKeys: c.productKeys.filter((k) => k !== command.productKey) }
            : c,
        ),
      };
    }

    case 'setProductClasses': {
      const { productKey } = command;
      if (!state.products.some((p) => p.key === productKey)) return state;
      const wanted = new Set(command.classKeys);
      let changed = false;
      const classes = state.classes.map((c) => {
        const holds = c.productKeys.includes(productKey);
        if (wanted.has(c.key) === holds) return c;
        changed = true;
        return {
          ...c,
          productKeys: holds
            ? c.productKeys.filter((k) => k !== productKey)
            : [...c.productKeys, productKey],
        };
      });
      return changed ? { ...state, classes } : state;
    }

    default:
      return updateProduct(state, command);
  }
}

/** Applies commands in order. */
export function reduceAll(state: EditorState, commands: readonly BillingCommand[]): EditorState {
  return commands.reduce(reduceBilling, state);
}
