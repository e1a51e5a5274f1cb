import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { addClass, addProduct } from '../../../shared/billing/commands.ts';
import type { Client } from '../../../shared/clients/client.ts';
import { useCan } from '../../app/session.tsx';
import { LeaveGuard } from '../../components/ui/leave-guard.tsx';
import { SaveBar } from '../../components/ui/save-bar.tsx';
import { ClassCard } from './class-card.tsx';
import { ProductCard } from './product-card.tsx';
import { BillingReadOnly } from './read-only.ts';
import { type BillingEditor as Editor, useBillingEditor } from './use-billing-editor.ts';

/**
 * The billing-parameters editor (spec §2, §4) of one client: its classes, its products and the
 * save bar. Products loaded from the server start collapsed and new ones open, so ten products
 * stay readable; 'Expand all' opens every card. Someone who may not change data (a viewer) sees
 * the same cards read-only: no add, delete or save controls.
 */
export function BillingEditor({
  client,
  renderTop,
}: {
  client: Client;
  /** Shown above the classes with the editor in hand (issue 14: "Use for billing"). */
  renderTop?: (editor: Editor, openProducts: (productIds: readonly string[]) => void) => ReactNode;
}) {
  const readOnly = !useCan('change');
  const editor = useBillingEditor(client);
  const { state, dispatch } = editor;
  // Which product cards are open, by productId so that they stay open across a reload
  // (new products open; loaded ones closed).
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [focusProduct, setFocusProduct] = useState<string>();
  const toggle = useCallback((key: string) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  useEffect(() => {
    if (focusProduct === undefined) return;
    const card = document.getElementById(`product-${focusProduct}`);
    card?.scrollIntoView?.({ block: 'nearest' });
    card?.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus();
    setFocusProduct(undefined);
  }, [focusProduct]);

  const onAddProduct = () => {
    const command = addProduct();
    if (command.type !== 'addProduct') return;
    dispatch(command);
    setOpen((prev) => new Set(prev).add(command.productId));
    setFocusProduct(command.key);
  };

  const openProducts = useCallback(
    (ids: readonly string[]) => setOpen((prev) => new Set([...prev, ...ids])),
    [],
  );

  const allOpen = state.products.length > 0 && state.products.every((p) => open.has(p.productId));

  return (
    <BillingReadOnly.Provider value={readOnly}>
      <div className={editor.dirty ? 'billing-editor dirty' : 'billing-editor'}>
        {readOnly ? null : renderTop?.(editor, openProducts)}
        <section className="billing-block" aria-labelledby="billing-classes">
          <div className="block-header">
            <h3 id="billing-classes">Classes</h3>
            {readOnly ? null : (
              <button type="button" className="button" onClick={() => dispatch(addClass())}>
                + Add Class
              </button>
            )}
          </div>
          {state.classes.length === 0 ? (
            <p className="empty">No classes yet.</p>
          ) : (
            <ul className="class-grid">
              {state.classes.map((cls, i) => (
                <ClassCard key={cls.key} cls={cls} index={i} dispatch={dispatch} />
              ))}
            </ul>
          )}
        </section>

        <section className="billing-block" aria-labelledby="billing-products">
          <div className="block-header">
            <h3 id="billing-products">Products</h3>
            <div className="button-row">
              {state.products.length > 1 ? (
                <button
                  type="button"
                  className="button small"
                  onClick={() =>
                    setOpen(allOpen ? new Set() : new Set(state.products.map((p) => p.productId)))
                  }
                >
                  {allOpen ? 'Collapse all' : 'Expand all'}
                </button>
              ) : null}
              {readOnly ? null : (
                <button type="button" className="button" onClick={onAddProduct}>
                  + Add Product
                </button>
              )}
            </div>
          </div>
          {state.products.length === 0 ? (
            <p className="empty">No products yet.</p>
          ) : (
            <ul className="product-list">
              {state.products.map((product, i) => (
                <ProductCard
                  key={product.key}
                  product={product}
                  index={i}
                  classes={state.classes}
                  expanded={open.has(product.productId)}
                  onToggle={toggle}
                  dispatch={dispatch}
                />
              ))}
            </ul>
          )}
        </section>

        {editor.dirty && !readOnly ? <SaveBar editor={editor} what="client" /> : null}
        <LeaveGuard dirty={editor.dirty && !readOnly} what="the billing parameters" />
      </div>
    </BillingReadOnly.Provider>
  );
}
