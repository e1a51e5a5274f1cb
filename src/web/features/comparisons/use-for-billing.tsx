import { useEffect, useMemo, useState } from 'react';
import {
  type BillingPlan,
  billingPlanOf,
  commandsForBilling,
  matchBillingClasses,
  NEW_CLASS,
} from '../../../shared/comparisons/billing-plan.ts';
import type { DocumentDetail } from '../../../shared/documents/document-types.ts';
import { type ComparedProduct, productTitle } from '../../../shared/documents/summary-fields.ts';
import { getJson } from '../../lib/api.ts';
import type { BillingEditor } from '../billing/use-billing-editor.ts';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; plan: BillingPlan };

/**
 * "Use for billing" (issue 14) inside a client's billing editor: the proposal's rates for one
 * product go into the editor as unsaved edits, through the editor's own commands. Classes that
 * match by name go straight in; otherwise the broker picks the class (or a new one) first.
 */
export function UseForBilling({
  editor,
  documentId,
  product,
  openProducts,
  onDone,
}: {
  editor: BillingEditor;
  documentId: string;
  product: ComparedProduct;
  openProducts: (productIds: readonly string[]) => void;
  onDone: () => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getJson<DocumentDetail>(`/api/documents/carrierProposals/${encodeURIComponent(documentId)}`)
      .then((doc) => {
        if (!live) return;
        const plan = billingPlanOf(doc.data, product, doc.name);
        setLoad(
          plan
            ? { state: 'ready', plan }
            : {
                state: 'error',
                message: `“${doc.name}” has no ${productTitle[product].toLowerCase()} rates to use.`,
              },
        );
      })
      .catch(
        (error: unknown) => live && setLoad({ state: 'error', message: (error as Error).message }),
      );
    return () => {
      live = false;
    };
  }, [documentId, product]);

  const plan = load.state === 'ready' ? load.plan : undefined;
  // matched by name when the plan loads (the editor's classes at that moment)
  // biome-ignore lint/correctness/useExhaustiveDependencies: matched once, when the plan arrives
  const matched = useMemo(() => (plan ? matchBillingClasses(plan, editor.state) : {}), [plan]);
  // a class the broker picked for, else the one matched by name (own keys only: a class may be
  // named '__proto__')
  const chosenFor = (name: string): string =>
    (Object.hasOwn(choice, name) ? choice[name] : undefined) ??
    (Object.hasOwn(matched, name) ? matched[name] : undefined) ??
    NEW_CLASS;
  const needsPick = plan ? plan.classes.some((c) => matched[c.name] === undefined) : false;

  const apply = (picked: Record<string, string>) => {
    if (!plan) return;
    const before = new Set(editor.state.products.map((p) => p.productId));
    const { commands, state } = commandsForBilling(editor.state, plan, picked);
    for (const command of commands) editor.dispatch(command);
    const touched = state.products
      .filter((p) => !before.has(p.productId) || p.notes?.includes(plan.documentName))
      .map((p) => p.productId);
    openProducts(touched);
    setApplied(plan.documentName);
  };

  // everything matched: straight in, once
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once when the plan arrives
  useEffect(() => {
    if (plan && !needsPick && applied === null) {
      apply(Object.fromEntries(plan.classes.map((c) => [c.name, matched[c.name]!])));
    }
  }, [plan, needsPick]);

  if (load.state === 'loading') return <p className="muted">Loading the proposal’s rates…</p>;
  if (load.state === 'error')
    return (
      <div className="use-for-billing error" role="alert">
        <p>Its rates cannot be used: {load.message}</p>
        <button type="button" className="button small" onClick={onDone}>
          Close
        </button>
      </div>
    );
  if (applied !== null)
    return (
      <div className="use-for-billing" role="status">
        <p>
          <strong>
            The {productTitle[product]} rates of “{applied}” are in the editor as unsaved changes.
          </strong>{' '}
          Check them below, then Save — or Revert to leave billing as it was.
        </p>
        <button type="button" className="button small" onClick={onDone}>
          Close
        </button>
      </div>
    );
  return (
    <form
      className="use-for-billing"
      aria-label="Use for billing"
      onSubmit={(e) => {
        e.preventDefault();
        apply(Object.fromEntries(load.plan.classes.map((c) => [c.name, chosenFor(c.name)])));
      }}
    >
      <p>
        <strong>
          Use the {productTitle[product]} rates of “{load.plan.documentName}” for billing.
        </strong>{' '}
        Which billing class gets the rates of each of its classes?
      </p>
      {load.plan.classes.map((c) => (
        <label key={c.name} className="field inline">
          <span className="field-label">
            {c.name} ({c.tiers.length} {c.tiers.length === 1 ? 'tier' : 'tiers'})
          </span>
          <select
            value={chosenFor(c.name)}
            onChange={(e) => setChoice((prev) => ({ ...prev, [c.name]: e.target.value }))}
          >
            <option value={NEW_CLASS}>A new class “{c.name}”</option>
            {editor.state.classes.map((cls) => (
              <option key={cls.key} value={cls.key}>
                {cls.className || '(unnamed class)'}
              </option>
            ))}
          </select>
        </label>
      ))}
      <div className="button-row">
        <button type="submit" className="button primary">
          Put the rates in the editor
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
