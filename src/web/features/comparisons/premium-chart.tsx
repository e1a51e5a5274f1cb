import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ClassGroup } from '../../../shared/comparisons/model.ts';

const COLOURS = [
  '#1f5fbf',
  '#d9822b',
  '#1a7f4b',
  '#8e44ad',
  '#b42318',
  '#0f8b8d',
  '#6b7a8f',
  '#c29b0c',
];

const money = (v: number) => `$${v.toFixed(2)}`;

/** Tier names short enough to sit side by side under the bars on a phone. */
const shortTier: Record<string, string> = {
  'Employee Only': 'EE',
  'Employee + Spouse': 'EE+Sp',
  'Employee + Child(ren)': 'EE+Ch',
  'Employee + Family': 'Family',
};

/** Monthly premium by tier, one bar per proposal (issue 14); loaded on its own, with recharts. */
export default function PremiumChart({ group }: { group: ClassGroup }) {
  const columns = group.columns.map((c, i) => ({
    key: `p${i}`,
    name: c.carrier ? `${c.carrier}${c.plan ? ` · ${c.plan}` : ''}` : c.documentName,
    present: c.className !== null,
  }));
  const data = group.rates.map((rate) => ({
    tier: shortTier[rate.tier] ?? rate.tier,
    ...Object.fromEntries(rate.monthly.map((cell, i) => [`p${i}`, cell?.value ?? null])),
  }));
  if (data.length === 0) return null;
  return (
    <figure className="premium-chart" aria-label={`Monthly premium by tier, ${group.name}`}>
      <figcaption className="small muted">Monthly premium by tier — {group.name}</figcaption>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="tier" tick={{ fontSize: 12 }} interval={0} />
          <YAxis tickFormatter={(v: number) => `$${v}`} tick={{ fontSize: 12 }} width={56} />
          <Tooltip formatter={(v) => (typeof v === 'number' ? money(v) : String(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {columns.map((c, i) =>
            c.present ? (
              <Bar
                key={c.key}
                dataKey={c.key}
                name={c.name}
                fill={COLOURS[i % COLOURS.length]}
                isAnimationActive={false}
              />
            ) : null,
          )}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
