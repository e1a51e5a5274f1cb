import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useCan } from './session.tsx';

/** The server's sentence to someone whose role only reads. */
export const READ_ONLY_MESSAGE =
  'Your role lets you read, not make changes. Ask an admin if you need to.';

/**
 * A screen that only makes changes (create a client, upload a document): someone who may not
 * change data (a viewer) who reaches it by its address gets a sentence instead of a form.
 */
export function changeOnly<P extends object>(Screen: ComponentType<P>, back: string) {
  function ChangeOnlyScreen(props: P) {
    const allowed = useCan('change');
    if (allowed) return <Screen {...props} />;
    return (
      <section className="page narrow">
        <p className="empty" role="status">
          {READ_ONLY_MESSAGE}
        </p>
        <Link to={back}>Go back</Link>
      </section>
    );
  }
  ChangeOnlyScreen.displayName = `ChangeOnly(${Screen.displayName ?? Screen.name})`;
  return ChangeOnlyScreen;
}
