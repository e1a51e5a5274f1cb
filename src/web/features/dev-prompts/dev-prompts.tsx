import { useId } from 'react';
import {
  commonSuffix,
  type FieldDefinition,
  fieldsOfProduct,
  type ProductName,
} from '../../../shared/fields/catalogue.ts';
import { labelParts } from '../../../shared/fields/label-parts.ts';
import { useOpenSection } from './use-open-section.ts';

const sections: ReadonlyArray<{ name: SectionName; product: ProductName }> = [
  { name: 'Dental', product: 'Dental Insurance' },
  { name: 'Vision', product: 'Vision Insurance' },
];
type SectionName = 'Dental' | 'Vision';
const sectionNames: readonly SectionName[] = sections.map((s) => s.name);

/**
 * /dev/prompts (spec §2 "Developer prompts page"): the extraction instruction of every carrier
 * proposal field, in collapsible Dental and Vision sections of which one at most is open.
 */
export function DevPrompts() {
  const { open, toggle } = useOpenSection(sectionNames);
  return (
    <section className="page prompts-page">
      <h1>Carrier Proposal Fields</h1>
      <p className="muted">
        What the extraction engine is asked to read for each field. Labels read <LabelLegend />.
      </p>
      {sections.map((section) => (
        <PromptSection
          key={section.name}
          name={section.name}
          fields={fieldsOfProduct(section.product)}
          open={open === section.name}
          onToggle={() => toggle(section.name)}
        />
      ))}
    </section>
  );
}

function LabelLegend() {
  return (
    <code className="field-label-parts">
      <span className="label-part label-product">product</span>
      <span className="label-separator">_</span>
      <span className="label-part label-table">table</span>
      <span className="label-separator">_</span>
      <span className="label-part label-field">field</span>
    </code>
  );
}

function PromptSection({
  name,
  fields,
  open,
  onToggle,
}: {
  name: string;
  fields: FieldDefinition[];
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = useId();
  return (
    <section className={open ? 'prompt-section open' : 'prompt-section'}>
      <h2>
        <button
          type="button"
          className="prompt-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="chevron" aria-hidden>
            ▸
          </span>
          {name} <span className="muted small prompt-count">{fields.length} fields</span>
        </button>
      </h2>
      {open ? (
        <ol id={panelId} className="prompt-list">
          {fields.map((field) => (
            <li key={field.label}>
              <FieldLabel label={field.label} />
              <p className="prompt-description">
                {field.description} <span className="prompt-suffix">{commonSuffix}</span>
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** A label split at its underscores, each part styled by what it names. */
export function FieldLabel({ label }: { label: string }) {
  const parts = labelParts(label);
  return (
    <code className="field-label-parts">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a label's parts never move
        <span key={i}>
          {i > 0 ? <span className="label-separator">_</span> : null}
          <span className={`label-part label-${part.kind}`}>{part.text}</span>
        </span>
      ))}
    </code>
  );
}
