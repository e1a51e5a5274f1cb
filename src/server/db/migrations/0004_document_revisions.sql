-- Corrections of a document's parsed data (issue 12). `documents.data` stays the current
-- revision's data (what lists, insights and exports read); `document_revisions` keeps every
-- revision: the engine's readings (kind 'engine') and the broker's saves and restores.
alter table documents add column revision integer not null default 0 check (revision >= 0);
alter table documents add column reviewed boolean not null default false;
-- Pages as GET …/pages draws them; null until known (written when the document is read or drawn).
alter table documents add column page_count integer check (page_count >= 0);

create table document_revisions (
  document_id uuid not null references documents (id) on delete cascade,
  revision integer not null check (revision >= 1),
  data jsonb not null,
  kind text not null check (kind in ('engine', 'correction', 'restore')),
  saved_by text not null,
  saved_on timestamptz not null default now(),
  -- values added, removed or changed against the revision before
  changed integer not null default 0 check (changed >= 0),
  primary key (document_id, revision)
);

-- Documents read before revisions were kept: their reading is revision 1.
insert into document_revisions (document_id, revision, data, kind, saved_by, saved_on, changed)
select d.id, 1, d.data, 'engine', 'Extraction engine', d.updated_on,
  case when jsonb_typeof(d.data) = 'array' then (
    select coalesce(sum(case
      when item->>'type' = 'table' and jsonb_typeof(item->'cells') = 'array'
        then jsonb_array_length(item->'cells')
      when item->>'type' = 'table' then 0
      else 1 end), 0)::integer
    from jsonb_array_elements(d.data) item
  ) else 0 end
from documents d where d.data is not null;
update documents set revision = 1 where data is not null;

-- Page images and page words drawn from stored files, cached: the bytes live in the file store
-- (addressed by their sha256); `key` names what was drawn (source file sha256, page, scale).
-- A cache entry whose bytes are gone is drawn again.
create table page_cache (
  key text primary key,
  sha256 text not null,
  content_type text not null,
  created_on timestamptz not null default now()
);
