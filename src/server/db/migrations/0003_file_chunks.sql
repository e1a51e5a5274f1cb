-- The bytes of stored files, for the PostgreSQL file store (DATABASE_URL): any instance serves
-- any file. The embedded setup keeps bytes on disk and leaves this table empty.
create table file_chunks (
  sha256 text not null,
  n integer not null check (n >= 0),
  bytes bytea not null,
  primary key (sha256, n)
);
