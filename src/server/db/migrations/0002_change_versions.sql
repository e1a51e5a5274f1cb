-- A version per table that any change bumps (by trigger, so no write path can forget it).
-- Readers compare it to serve a cached answer only while it is still exact, on every instance.
create table change_versions (
  name text primary key,
  version bigint not null default 0
);
insert into change_versions (name, version) values ('clients', 0);
create function bump_change_version() returns trigger language plpgsql as $$
begin
  update change_versions set version = version + 1 where name = TG_ARGV[0];
  return null;
end;
$$;
create trigger clients_changed after insert or update or delete or truncate on clients
  for each statement execute function bump_change_version('clients');
