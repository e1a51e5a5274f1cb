-- Files: metadata of stored bytes. The bytes live in the file store, addressed by sha256.
create table files (
  id uuid primary key,
  original_name text not null,
  content_type text not null,
  size bigint not null check (size >= 0),
  sha256 text not null,
  created_on timestamptz not null default now()
);

-- Employer clients. `billing` is the classes[] document exactly as last saved.
create table clients (
  id uuid primary key,
  name text not null check (length(name) > 0),
  notes text,
  logo_file_id uuid references files (id),
  billing jsonb not null default '[]'::jsonb,
  revision integer not null default 0,
  created_on timestamptz not null default now()
);
create index clients_newest_first on clients (created_on desc, id desc);

-- Every saved billing document: nothing a save replaces is lost.
create table client_revisions (
  client_id uuid not null references clients (id) on delete cascade,
  revision integer not null,
  billing jsonb not null,
  saved_on timestamptz not null default now(),
  primary key (client_id, revision)
);

-- Uploaded carrier proposals and policy certificates with their extraction result.
create table documents (
  id uuid primary key,
  type text not null check (type in ('carrierProposal', 'policyCertificate')),
  name text not null check (length(name) > 0),
  file_id uuid not null references files (id),
  model_id text,
  status text not null default 'queued' check (status in ('queued', 'processing', 'done', 'failed')),
  error text,
  data jsonb,
  attempts integer not null default 0,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index documents_newest_first on documents (type, created_on desc, id desc);
