/**
 * Counts written in words in terms and durations ('two years', 'twenty-four months'), as the
 * extraction engine finds them and the insights read them.
 */
export const durationNumberWords: ReadonlyMap<string, number> = new Map(
  Object.entries({
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    twelve: 12,
    eighteen: 18,
    'twenty-four': 24,
    'twenty four': 24,
    'thirty-six': 36,
    'thirty six': 36,
  }),
);
