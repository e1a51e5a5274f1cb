import { useId, useState } from 'react';
import type {
  ClassView,
  ProductView,
  ProposalView,
  SectionContentView,
} from '../../../shared/proposals/view-types.ts';
import { DataTable } from './data-table.tsx';
import { FieldGroup } from './field-group.tsx';
import { NetworkTable } from './network-table.tsx';
import { useValueSelection } from './value-selection.ts';

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
      <ClassHeading planClass={planClass} id={headingId} />
      <SectionContent content={planClass} />
    </section>
  );
}

/**
 * A class's name; where the screen edits, a broker renames the class here (every row of the
 * class follows): Enter or leaving the box keeps the new name, Escape the old one.
 */
function ClassHeading({ planClass, id }: { planClass: ClassView; id: string }) {
  const rename = useValueSelection()?.renameClass;
  const [renaming, setRenaming] = useState(false);
  const finish = (name: string | undefined) => {
    setRenaming(false);
    if (name !== undefined && name.trim() !== '' && name.trim() !== planClass.name) {
      rename?.(planClass.key, name);
    }
  };
  return (
    <div className="class-heading-row">
      <h3 id={id} className="class-heading">
        {/^class\b/i.test(planClass.name) ? null : (
          <span className="class-badge" aria-hidden>
            Class
          </span>
        )}
        {renaming && rename ? (
          <input
            className="class-name-editor"
            aria-label="Class name"
            defaultValue={planClass.name}
            // biome-ignore lint/a11y/noAutofocus: the box opens on the broker's click to type in it
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') finish(event.currentTarget.value);
              else if (event.key === 'Escape') finish(undefined);
            }}
            onBlur={(event) => finish(event.currentTarget.value)}
          />
        ) : (
          planClass.name
        )}
      </h3>
      {rename && !renaming ? (
        <button
          type="button"
          className="button icon class-rename"
          aria-label={`Rename ${planClass.name}`}
          title="Rename this class: its rows in every table follow"
          onClick={() => setRenaming(true)}
        >
          ✏️
        </button>
      ) : null}
    </div>
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
