-- Sign-in through the firm's identity provider (AUTH=oidc): the provider's subject of each user,
-- and the sign-ins under way (state, PKCE verifier and nonce), shared by every instance.
alter table users add column oidc_subject text unique;

create table oidc_logins (
  state_hash text primary key,
  code_verifier text not null,
  nonce text not null,
  return_to text not null,
  created_on timestamptz not null default now(),
  expires_on timestamptz not null
);
