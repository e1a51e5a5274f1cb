import { useId } from 'react';
import type {
  ClassView,
  ProductView,
  ProposalView,
  SectionContentView,
} from '../../../shared/proposals/view-types.ts';
import { DataTable } from './data-table.tsx';
import { FieldGroup } from './field-group.tsx';
import { NetworkTable } from './network-table.tsx';

/** Every product of a proposal: heading, its own fields and tables, then one section per class. */
export function ProposalProducts({ view }: { view: ProposalView }) {
  return (
    <>
      {view.products.map((product) => (
        <ProductSection key={product.key} product={product} />
      ))}
    </>
  );
}

export function ProductSection({ product }: { product: ProductView }) {
  const headingId = useId();
  const classCount = product.classes.length;
  return (
    <section className="product-section" aria-labelledby={headingId}>
      <header className="product-header">
        <div>
          <h2 id={headingId}>{product.name}</h2>
          {classCount > 0 ? (
            <p className="muted small">{classCount === 1 ? '1 class' : `${classCount} classes`}</p>
          ) : null}
        </div>
        <SectionContent content={product} />
      </header>
      {product.classes.map((planClass) => (
        <ClassSection key={planClass.key} planClass={planClass} />
      ))}
    </section>
  );
}

export function ClassSection({ planClass }: { planClass: ClassView }) {
  const headingId = useId();
  return (
    <section className="class-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="class-heading">
        {/^class\b/i.test(planClass.name) ? null : (
          <span className="class-badge" aria-hidden>
            Class
          </span>
        )}
        {planClass.name}
      </h3>
      <SectionContent content={planClass} />
    </section>
  );
}

/**
 * The content under a product or class heading (spec §2: fields with the value above the label,
 * tables, network tables). Fields and grids sit beside the network tables on a wide screen.
 */
export function SectionContent({ content }: { content: SectionContentView }) {
  const { fieldGroups, tables, networkTables } = content;
  const summary = fieldGroups.length + tables.length > 0;
  if (!summary && networkTables.length === 0) return null;
  return (
    <div
      className={networkTables.length > 0 && summary ? 'section-content two-up' : 'section-content'}
    >
      {summary ? (
        <div className="section-summary">
          {fieldGroups.map((group) => (
            <FieldGroup key={group.key} group={group} />
          ))}
          {tables.map((table) => (
            <DataTable key={table.key} table={table} />
          ))}
        </div>
      ) : null}
      {networkTables.length > 0 ? (
        <div className="section-networks">
          {networkTables.map((table) => (
            <NetworkTable key={table.key} table={table} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
