import { useEffect, useState } from 'react';
import type { Client } from '../../../shared/clients/client.ts';

export interface ListFilters {
  clientId: string;
  carrier: string;
  product: '' | 'dental' | 'vision';
  q: string;
}

export const noFilters: ListFilters = { clientId: '', carrier: '', product: '', q: '' };

/** The list query of the filters and page (issue 14); '' for the first page of everything. */
export function filterQuery(filters: ListFilters, before?: string | null): string {
  const params = new URLSearchParams();
  if (filters.clientId) params.set('clientId', filters.clientId);
  if (filters.carrier.trim()) params.set('carrier', filters.carrier.trim());
  if (filters.product) params.set('product', filters.product);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (before) params.set('before', before);
  return params.toString();
}

/** A text input that reports its value a moment after typing stops. */
function DebouncedInput(props: {
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  type?: string;
}) {
  const [text, setText] = useState(props.value);
  const { onChange, value } = props;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <label className="filter">
      <span className="field-label">{props.label}</span>
      <input
        type={props.type ?? 'text'}
        value={text}
        placeholder={props.placeholder}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}

/** Client, carrier and product filters and a name search above a document list. */
export function ListFilterBar({
  filters,
  clients,
  onChange,
  onOpenClients,
}: {
  filters: ListFilters;
  clients: readonly Client[];
  onChange: (filters: ListFilters) => void;
  /** The client list is wanted (the client filter got focus). */
  onOpenClients?: () => void;
}) {
  return (
    <search className="filter-bar" aria-label="Filter the list">
      <DebouncedInput
        label="Search"
        type="search"
        value={filters.q}
        placeholder="Name contains…"
        onChange={(q) => onChange({ ...filters, q })}
      />
      <label className="filter">
        <span className="field-label">Client</span>
        <select
          value={filters.clientId}
          onFocus={onOpenClients}
          onMouseDown={onOpenClients}
          onChange={(e) => onChange({ ...filters, clientId: e.target.value })}
        >
          <option value="">All clients</option>
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <DebouncedInput
        label="Carrier"
        value={filters.carrier}
        placeholder="Any carrier"
        onChange={(carrier) => onChange({ ...filters, carrier })}
      />
      <label className="filter">
        <span className="field-label">Product</span>
        <select
          value={filters.product}
          onChange={(e) =>
            onChange({ ...filters, product: e.target.value as ListFilters['product'] })
          }
        >
          <option value="">Any product</option>
          <option value="dental">Dental</option>
          <option value="vision">Vision</option>
        </select>
      </label>
    </search>
  );
}
