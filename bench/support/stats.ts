/** Small statistics for the benchmarks: they print figures and assert nothing. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export const median = (values: number[]) => quantile(values, 0.5);
export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function heading(title: string) {
  console.info(`\n== ${title} ==`);
}
