import { describe, expect, it } from 'vitest';
import { commonSuffix, fieldDefinitions, fieldInstruction, tableDefinitions } from './catalogue.ts';

describe('field catalogue', () => {
  it('has unique labels that follow product_section_field', () => {
    const labels = fieldDefinitions.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const f of fieldDefinitions) {
      const expected = f.section
        ? `${f.productKey}_${f.section}_${f.field}`
        : `${f.productKey}_${f.field}`;
      expect(f.label).toBe(expected);
    }
  });

  it('gives every table a class column and its key columns', () => {
    for (const t of tableDefinitions) {
      expect(t.columns).toContain('class');
      for (const k of t.keyColumns) expect(t.columns).toContain(k);
    }
  });

  it('ends every instruction with the common suffix', () => {
    for (const f of fieldDefinitions) {
      expect(f.description.length).toBeGreaterThan(10);
      expect(fieldInstruction(f).endsWith(commonSuffix)).toBe(true);
    }
  });
});
