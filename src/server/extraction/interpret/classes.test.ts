import { describe, expect, it } from 'vitest';
import { classesNamedBy, optionCore } from './classes.ts';

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
