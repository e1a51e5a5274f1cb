import type { ReactNode } from 'react';

/** The small centred card the sign-in and welcome pages share, under the app's name. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <p className="brand">Benefits Desk</p>
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
