import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from 'downshift';
import { useId, useMemo, useState } from 'react';
import {
  filterProductTypes,
  findProductType,
  type ProductType,
} from '../../../shared/catalogue/products.ts';

const types = useCombobox.stateChangeTypes;
const itemToString = (item: ProductType | null) => item?.productName ?? '';
const itemToKey = (item: ProductType | null) => item?.productCode ?? null;

/**
 * The picker's rules (spec §2, §5): the entry matches a product type by name or code, ignoring
 * case; Enter commits the highlighted type (or the one the entry names); on blur an entry that
 * names a type commits it and anything else reverts to the product's type; Escape reverts.
 */
function stateReducer(
  state: UseComboboxState<ProductType>,
  { type, changes }: UseComboboxStateChangeOptions<ProductType>,
): Partial<UseComboboxState<ProductType>> {
  switch (type) {
    case types.InputBlur: {
      const keep = findProductType(state.inputValue) ?? state.selectedItem;
      return { ...changes, selectedItem: keep, inputValue: itemToString(keep) };
    }
    case types.InputKeyDownEnter: {
      if (state.highlightedIndex >= 0) return changes;
      const named = findProductType(state.inputValue);
      return named ? { ...changes, selectedItem: named, inputValue: named.productName } : changes;
    }
    case types.InputKeyDownEscape:
      return {
        ...changes,
        selectedItem: state.selectedItem,
        inputValue: itemToString(state.selectedItem),
      };
    default:
      return changes;
  }
}

/** Type-ahead results: the type the entry names exactly first, then every other match. */
function matches(query: string): ProductType[] {
  const found = filterProductTypes(query);
  const exact = findProductType(query);
  return exact ? [exact, ...found.filter((p) => p !== exact)] : [...found];
}

/**
 * The product-type picker: an accessible combobox (downshift) over the 23 product types with
 * type-ahead by name or code.
 */
export function ProductTypeCombobox({
  value,
  onChoose,
}: {
  value: ProductType | undefined;
  onChoose: (type: ProductType) => void;
}) {
  // What the broker typed; '' shows every type (e.g. when the menu opens on a chosen type).
  const [query, setQuery] = useState('');
  const inputId = useId();
  const items = useMemo(() => matches(query), [query]);
  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getToggleButtonProps,
    getMenuProps,
    getItemProps,
  } = useCombobox<ProductType>({
    items,
    itemToString,
    itemToKey,
    inputId,
    selectedItem: value ?? null,
    defaultHighlightedIndex: 0,
    stateReducer,
    onInputValueChange: ({ type, inputValue }) => {
      setQuery(type === types.InputChange ? inputValue : '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChoose(selectedItem);
    },
  });

  return (
    <div className="field combobox">
      <label className="field-label" htmlFor={inputId} {...getLabelProps()}>
        Product Type
      </label>
      <div className="combobox-control">
        <input type="text" placeholder="Type a product name or code" {...getInputProps()} />
        <button
          type="button"
          className="combobox-toggle"
          aria-label="Show product types"
          {...getToggleButtonProps()}
        >
          ▾
        </button>
      </div>
      <ul className={isOpen ? 'combobox-menu open' : 'combobox-menu'} {...getMenuProps()}>
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.productCode}
                className={[
                  'combobox-item',
                  highlightedIndex === index ? 'highlighted' : '',
                  value?.productCode === item.productCode ? 'selected' : '',
                ].join(' ')}
                {...getItemProps({ item, index })}
              >
                <span>{item.productName}</span>
                {item.productCode !== item.productName ? (
                  <span className="combobox-code">{item.productCode}</span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? (
        <p className="combobox-empty muted small">No product type matches this entry.</p>
      ) : null}
    </div>
  );
}
