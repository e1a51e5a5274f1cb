-- Layout templates the local engine learned from brokers' corrections (issue 12): one row per
-- layout, refined by each later correction of a document on it. The template itself is data
-- (src/server/extraction/learned/template.ts, validated on import), read by every extraction.
create table learned_layouts (
  id uuid primary key,
  document_type text not null check (document_type in ('carrierProposal', 'policyCertificate')),
  name text not null check (length(name) > 0),
  template jsonb not null,
  values_learned integer not null check (values_learned >= 0),
  taught_from_document_id uuid references documents (id) on delete set null,
  taught_from_name text not null,
  times_taught integer not null default 1 check (times_taught >= 1),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index learned_layouts_newest_first on learned_layouts (updated_on desc, id desc);
