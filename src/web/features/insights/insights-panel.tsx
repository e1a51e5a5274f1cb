import { InsightsSection } from './insights-section.tsx';
import { type UseInsightsOptions, useInsights } from './use-insights.ts';

export interface InsightsPanelProps extends UseInsightsOptions {
  /** The full proposal data sent to the insights writer (the parsed data, or the proposal). */
  proposalData: unknown;
}

/** The 'Generate Insights' button and the 'Insights' section it fills. */
export function InsightsPanel({ proposalData, fetch }: InsightsPanelProps) {
  const insights = useInsights({ fetch });
  return (
    <>
      <button
        type="button"
        className="button primary"
        onClick={() => void insights.generate(proposalData)}
      >
        Generate Insights
      </button>
      <InsightsSection status={insights.status} text={insights.text} error={insights.error} />
    </>
  );
}
