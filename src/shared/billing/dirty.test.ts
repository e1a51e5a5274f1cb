import { describe, expect, it } from 'vitest';
import * as c from './commands.ts';
import {
  applyCommand,
  isDirty,
  markSaved,
  openSession,
  revert,
  sameData,
  savePayload,
  sessionIsDirty,
  trimText,
} from './dirty.ts';
import { fromSaved } from './editor-model.ts';
import type { Class } from './schema.ts';
import { buildClass, buildProduct, sequentialIds } from './testing/factories.ts';

const saved: Class[] = [
  buildClass({
    products: [
      buildProduct({ productCode: 'Life', productId: '11111111-1111-4111-8111-111111111111' }),
    ],
  }),
];

describe('spec §4 "Billing editor": clean or dirty', () => {
  it('is clean right after loading', () => {
    expect(sessionIsDirty(openSession(saved, sequentialIds()))).toBe(false);
  });

  it('"clean when the current data equals the last saved or loaded data (key order ignored)"', () => {
    const reordered = saved.map(
      (cls) => Object.fromEntries(Object.entries(cls).reverse()) as Class,
    );
    expect(
      isDirty(fromSaved(reordered, sequentialIds()), fromSaved(saved, sequentialIds(50))),
    ).toBe(false);
  });

  it('ignores client-side keys', () => {
    expect(isDirty(fromSaved(saved, sequentialIds(1)), fromSaved(saved, sequentialIds(900)))).toBe(
      false,
    );
  });

  it('"dirty otherwise"', () => {
    const session = openSession(saved, sequentialIds());
    const key = session.current.classes[0]!.key;
    const edited = applyCommand(session, c.updateClassField(key, 'className', 'Hourly'));
    expect(sessionIsDirty(edited)).toBe(true);
    const back = applyCommand(edited, c.updateClassField(key, 'className', 'Class 1'));
    expect(sessionIsDirty(back)).toBe(false);
  });

  it('counts a product no class holds yet as a change', () => {
    const session = openSession(saved, sequentialIds());
    expect(sessionIsDirty(applyCommand(session, c.addProduct(sequentialIds(500))))).toBe(true);
  });

  it('"Revert restores the last saved or loaded state"', () => {
    const session = openSession(saved, sequentialIds());
    const edited = applyCommand(session, c.addClass(sequentialIds(500)));
    const reverted = revert(edited);
    expect(reverted.current).toBe(session.saved);
    expect(sessionIsDirty(reverted)).toBe(false);
  });

  it('after a successful save the saved state is what was sent', () => {
    const session = openSession(saved, sequentialIds());
    const edited = applyCommand(session, c.addClass(sequentialIds(500)));
    const afterSave = markSaved(edited, edited.current);
    expect(sessionIsDirty(afterSave)).toBe(false);
    expect(revert(afterSave).current.classes).toHaveLength(2);
  });

  it('builds the save payload: clientId and classes (each product inside every class holding it)', () => {
    const session = openSession(saved, sequentialIds());
    const clientId = '22222222-2222-4222-8222-222222222222';
    expect(savePayload(clientId, session.current)).toStrictEqual({ clientId, classes: saved });
    expect(savePayload(clientId, session.current, 4)).toStrictEqual({
      clientId,
      classes: saved,
      revision: 4,
    });
  });

  it.each([
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: 0 }, { a: -0 }, true],
    [[1, 2], [2, 1], false],
    [{ a: 1 }, { a: '1' }, false],
    [{ a: false }, {}, false],
    [null, {}, false],
    [[], {}, false],
  ])('sameData(%j, %j) is %s', (a, b, expected) => {
    expect(sameData(a, b)).toBe(expected);
  });

  it('"Text fields are trimmed on blur"', () => {
    expect(trimText('  Salaried  ')).toBe('Salaried');
    expect(trimText('\t\n')).toBe('');
  });
});
