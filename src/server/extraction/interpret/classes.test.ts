import { describe, expect, it } from 'vitest';
import { classesFor, classesNamedBy, optionCore } from './classes.ts';
import { evidence } from './evidence.ts';
import { Facts } from './facts.ts';

describe('option headings that name their classes', () => {
  it('reads the classes a heading names in a parenthesis, after a dash or after "for"', () => {
    expect(classesNamedBy('PPO High (Classes 1 and 2)')).toEqual(['1', '2']);
    expect(classesNamedBy('PPO Low (Class 3)')).toEqual(['3']);
    expect(classesNamedBy('Plan B – Classes A, B & C')).toEqual(['A', 'B', 'C']);
    expect(classesNamedBy('Buy-Up Plan for Class 2')).toEqual(['2']);
  });

  it('names no class for an ordinary option heading', () => {
    expect(classesNamedBy('High Plan')).toBeUndefined();
    expect(classesNamedBy('Class 1')).toBeUndefined();
    expect(classesNamedBy('Classic PPO 1500')).toBeUndefined();
  });

  it("gives the option's own name without its classes or the product word", () => {
    expect(optionCore('PPO High (Classes 1 and 2)', 'dental')).toBe('PPO High');
    expect(optionCore('Dental PPO High', 'dental')).toBe('PPO High');
    expect(optionCore('Vision Plan A', 'dental')).toBe('Vision Plan A');
  });
});

describe('plan options printed one grid after another', () => {
  const source = { page: 1, box: [0, 0, 10, 10] as [number, number, number, number], reading: 1 };
  /** The classes of a dental document whose services are scoped to these names. */
  const classesOf = (names: string[]) => {
    const facts = new Facts();
    for (const [i, name] of names.entries())
      facts.services.push({
        scope: { product: 'dental', classRef: name },
        order: i,
        label: evidence('Class A', source, 'cell'),
        title: evidence('Class A', source, 'cell'),
      } as Facts['services'][number]);
    return classesFor('dental', facts, source).map((c) => [c.name.value, c.option]);
  };
  it.each([
    [
      ['High Option', 'Standard Option'],
      [
        ['High Option', 'High Option'],
        ['Standard Option', 'Standard Option'],
      ],
    ],
    // classes named otherwise, or one option alone: no options
    [
      ['Class 1', 'Class 2'],
      [
        ['Class 1', undefined],
        ['Class 2', undefined],
      ],
    ],
    [['High Option'], [['High Option', undefined]]],
  ])('%j → %j', (names, classes) => {
    expect(classesOf(names)).toEqual(classes);
  });
});
