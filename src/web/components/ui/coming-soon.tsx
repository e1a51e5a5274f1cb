/** Says plainly that a screen is not built yet: never a blank page. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <div className="coming-soon" role="status">
      <p>
        <strong>{what}</strong> is coming soon.
      </p>
      <p className="muted small">It is being built; everything else here works.</p>
    </div>
  );
}
