/**
 * Test factories for billing parameters (for shared, server and web tests alike).
 */
import { productByCode } from '../../catalogue/products.ts';
import type { BillingCommand } from '../commands.ts';
import { addProduct, chooseProductType } from '../commands.ts';
import {
  type EditorProduct,
  type EditorState,
  emptyEditorState,
  type IdGenerator,
} from '../editor-model.ts';
import { reduceAll } from '../reduce.ts';
import type { Class, Product } from '../schema.ts';
import { chooseProductType as normaliseToType } from '../transitions.ts';

/** Deterministic v4-shaped UUIDs: …-4000-8000-000000000001, …002, … */
export function sequentialIds(start = 1): IdGenerator {
  let n = start;
  return () => {
    const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    n += 1;
    return id;
  };
}

/**
 * A saved product. With `productCode`, the product has that type and what choosing it gives
 * (e.g. the automatic rate type); overrides are applied last, as given.
 */
export function buildProduct(overrides: Partial<Product> & { productCode?: string } = {}): Product {
  const base: Product = {
    productId: '00000000-0000-4000-8000-00000000abcd',
    productName: '',
    productCode: '',
    effectiveDate: '',
    rate: {},
  };
  const type =
    overrides.productCode === undefined ? undefined : productByCode(overrides.productCode);
  const typed = type === undefined ? base : normaliseToType(base, type);
  return { ...typed, ...overrides };
}

export function buildClass(overrides: Partial<Class> = {}): Class {
  return { className: 'Class 1', classID: 'C1', products: [], ...overrides };
}

/**
 * An editor holding one product of the given type (no type when `productCode` is undefined),
 * then the given commands applied to it. Returns the state, the product's key and its data.
 */
export function editorWithProduct(
  productCode: string | undefined,
  ...commands: ((productKey: string) => BillingCommand)[]
): { state: EditorState; key: string; product: EditorProduct } {
  const ids = sequentialIds();
  const add = addProduct(ids);
  if (add.type !== 'addProduct') throw new Error('addProduct');
  const key = add.key;
  const setup: BillingCommand[] = [add];
  if (productCode !== undefined) setup.push(chooseProductType(key, productCode));
  const state = reduceAll(emptyEditorState, [...setup, ...commands.map((c) => c(key))]);
  return { state, key, product: state.products.find((p) => p.key === key)! };
}

/** The one product of a state built by `editorWithProduct`. */
export function onlyProduct(state: EditorState): EditorProduct {
  const [product] = state.products;
  if (product === undefined || state.products.length !== 1) throw new Error('expected one product');
  return product;
}
