import { confidenceLegend, reviewLegend } from '../../../shared/proposals/cell-view.ts';

/**
 * What the shading of the values means (spec §2: confidence shading), and how the values a
 * broker confirmed, corrected or added look (issue 12).
 */
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
      <span className="legend-heading">Reviewed</span>
      <ul aria-label="Broker review">
        {reviewLegend.map((entry) => (
          <li key={entry.state}>
            <span className={`legend-swatch cell review-${entry.state}`} aria-hidden />
            <span>
              <strong>{entry.title}</strong>
              <span className="legend-description">{entry.description}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
