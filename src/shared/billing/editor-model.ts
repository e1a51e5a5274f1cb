/**
 * The billing-parameters editor's model (spec §3 "Class"): classes with client-side keys, ONE
 * shared set of products, and each class's ordered list of the products it holds (the
 * assignment of each product to the classes that hold it). On save each product is written
 * inside every class that holds it (`toSaved`); `fromSaved` reads a saved document back.
 * `toSaved(fromSaved(x))` deep-equals `x` for every document, valid or not.
 */
import { sameData } from './same-data.ts';
import type { Class, Product } from './schema.ts';

/** Makes identifiers; the editor's are random v4 UUIDs (spec §9). Injected so tests are deterministic. */
export type IdGenerator = () => string;

export const randomId: IdGenerator = () => globalThis.crypto.randomUUID();

/** A class in the editor: its saved fields (not `products`), its key and the products it holds. */
export type EditorClass = Omit<Class, 'products'> & {
  /** Client-side key, never saved. */
  readonly key: string;
  /** Keys of the products this class holds, in the order they are saved in the class. */
  readonly productKeys: readonly string[];
};

/** A product of the shared set: its saved fields and a client-side key (never saved). */
export type EditorProduct = Product & { readonly key: string };

export interface EditorState {
  readonly classes: readonly EditorClass[];
  readonly products: readonly EditorProduct[];
}

export const emptyEditorState: EditorState = { classes: [], products: [] };

/** A new class: empty className and classID, no products (spec §3). */
export function newClass(key: string): EditorClass {
  return { key, className: '', classID: '', productKeys: [] };
}

/** A new product: empty name, code and date, and a rate with no rate type yet (spec §3). */
export function newProduct(key: string, productId: string): EditorProduct {
  return { key, productId, productName: '', productCode: '', effectiveDate: '', rate: {} };
}

/** The saved fields of an editor product (its key removed). */
export function productData(product: EditorProduct): Product {
  const { key: _key, ...data } = product;
  return data;
}

/**
 * Reads a saved document. Copies of one product (same productId, same content) in several
 * classes become one shared product; copies that differ stay separate products so that nothing
 * is lost (validation reports them on save).
 */
export function fromSaved(classes: readonly Class[], newId: IdGenerator = randomId): EditorState {
  const products: EditorProduct[] = [];
  const byId = new Map<string, EditorProduct[]>();
  const editorClasses = classes.map((cls): EditorClass => {
    const { products: saved, ...fields } = structuredClone(cls);
    const productKeys: string[] = [];
    for (const product of saved) {
      const copies = byId.get(product.productId) ?? [];
      let match = copies.find(
        (p) => !productKeys.includes(p.key) && sameData(productData(p), product),
      );
      if (match === undefined) {
        match = { ...product, key: newId() };
        products.push(match);
        copies.push(match);
        byId.set(product.productId, copies);
      }
      productKeys.push(match.key);
    }
    return { ...fields, key: newId(), productKeys };
  });
  return { classes: editorClasses, products };
}

/** The document to save: each class with every product it holds written inside it. */
export function toSaved(state: EditorState): Class[] {
  const byKey = new Map(state.products.map((p) => [p.key, p]));
  return state.classes.map(({ key: _key, productKeys, ...fields }) => ({
    ...fields,
    products: productKeys.flatMap((k) => {
      const product = byKey.get(k);
      return product === undefined ? [] : [productData(product)];
    }),
  }));
}

export function findClass(state: EditorState, classKey: string): EditorClass | undefined {
  return state.classes.find((c) => c.key === classKey);
}

export function findProduct(state: EditorState, productKey: string): EditorProduct | undefined {
  return state.products.find((p) => p.key === productKey);
}

/** Keys of the classes holding a product, in class order (the 'Classes' multi-select's value). */
export function classKeysOfProduct(state: EditorState, productKey: string): string[] {
  return state.classes.filter((c) => c.productKeys.includes(productKey)).map((c) => c.key);
}

/** The products a class holds, in saved order. */
export function productsOfClass(state: EditorState, classKey: string): EditorProduct[] {
  const cls = findClass(state, classKey);
  if (cls === undefined) return [];
  return cls.productKeys.flatMap((k) => {
    const p = findProduct(state, k);
    return p === undefined ? [] : [p];
  });
}

/** Products no class holds: they are not part of the saved document until assigned. */
export function unassignedProducts(state: EditorState): EditorProduct[] {
  const held = new Set(state.classes.flatMap((c) => c.productKeys));
  return state.products.filter((p) => !held.has(p.key));
}
