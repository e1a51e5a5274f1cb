-- Issue 14: documents belong to clients; saved comparisons of a client's proposals.
-- A document's carrier, products and effective date are read from its current data
-- (src/shared/documents/summary-fields.ts), so they can never disagree with it.
alter table documents add column client_id uuid references clients (id) on delete set null;
create index documents_of_client on documents (client_id, type, created_on desc, id desc);

-- The employer the document's text names ('Prepared for …'), read once when a client is first
-- suggested for it: null until read, '' when the text names none.
alter table documents add column employer_name text;

-- A comparison the broker saved on a client: which proposals, the baseline (the current plan)
-- and the hand-made class matching ({documentId: {className: groupName}}).
create table saved_comparisons (
  id uuid primary key,
  client_id uuid not null references clients (id) on delete cascade,
  name text not null check (length(name) > 0),
  document_ids uuid[] not null check (cardinality(document_ids) between 2 and 8),
  baseline_id uuid,
  class_matching jsonb not null default '{}'::jsonb,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index saved_comparisons_of_client on saved_comparisons (client_id, created_on desc, id desc);
