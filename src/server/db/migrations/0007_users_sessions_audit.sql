-- Sign-in (issue 15): users, their sessions and one-time links, and the audit trail.

create table users (
  id uuid primary key,
  email text not null unique check (email = lower(email) and length(email) > 2),
  name text not null,
  role text not null check (role in ('admin', 'broker', 'viewer')),
  -- argon2id; null for users who sign in through the identity provider or have not set one yet.
  password_hash text,
  disabled boolean not null default false,
  -- Bumped to end every session of the user at once ("sign out everywhere", disable, reset).
  session_epoch integer not null default 0,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

-- Server-side sessions: the cookie carries a random token; only its sha256 is stored.
create table sessions (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  session_epoch integer not null,
  created_on timestamptz not null default now(),
  last_seen_on timestamptz not null default now(),
  expires_on timestamptz not null
);
create index sessions_by_user on sessions (user_id);

-- One-time links: an invitation, a password reset or the first admin's set-up.
create table user_links (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('invite', 'reset', 'setup')),
  created_on timestamptz not null default now(),
  expires_on timestamptz not null,
  used_on timestamptz
);

-- Every change, append-only: who, when, what, on which object, before → after.
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  -- clock_timestamp(): the records of one transaction keep the order they were written in.
  created_on timestamptz not null default clock_timestamp(),
  user_id uuid references users (id) on delete set null,
  user_email text not null,
  action text not null,
  object_type text not null,
  object_id text,
  client_id uuid,
  document_id uuid,
  summary text not null default '',
  address text
);
create index audit_newest_first on audit_log (created_on desc, id desc);
create index audit_by_client on audit_log (client_id, created_on desc);
create index audit_by_document on audit_log (document_id, created_on desc);
create index audit_by_user on audit_log (user_id, created_on desc);
create index audit_sign_in_failures on audit_log (created_on) where action = 'sign-in failed';

-- Append-only: the trail cannot be edited or deleted through the app's database role.
create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the audit trail is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
