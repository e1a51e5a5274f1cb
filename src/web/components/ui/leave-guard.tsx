import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before the broker leaves with unsaved changes: another page of the app, or the tab.
 * `what` completes "Your changes to … will be lost." (the billing parameters, the corrections).
 */
export function LeaveGuard({ dirty, what }: { dirty: boolean; what: string }) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <div
      className="leave-dialog"
      role="alertdialog"
      aria-labelledby="leave-title"
      aria-modal="false"
    >
      <p id="leave-title">
        <strong>Leave without saving?</strong> Your changes to {what} will be lost.
      </p>
      <div className="button-row">
        <button type="button" className="button" onClick={() => blocker.reset()}>
          Stay on this page
        </button>
        <button type="button" className="button danger" onClick={() => blocker.proceed()}>
          Leave without saving
        </button>
      </div>
    </div>
  );
}
