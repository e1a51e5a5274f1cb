import { confidenceLegend } from '../../../shared/proposals/cell-view.ts';

/** What the shading of the values means (spec §2: confidence shading). */
export function ConfidenceLegend() {
  return (
    <aside className="confidence-legend" aria-label="Confidence shading">
      <span className="legend-heading">Confidence</span>
      <ul>
        {confidenceLegend.map((band) => (
          <li key={band.confidence}>
            <span className={`legend-swatch cell confidence-${band.confidence}`} aria-hidden />
            <span>
              <strong>{band.title}</strong>
              <span className="legend-description">{band.description}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
