import { describe, expect, it } from 'vitest';
import { type KeyPress, reviewKeyAction } from './review-keys.ts';

describe('reviewKeyAction', () => {
  it.each<{ press: KeyPress; action: ReturnType<typeof reviewKeyAction> }>([
    { press: { key: 'Enter' }, action: { type: 'confirm' } },
    { press: { key: 'Tab' }, action: { type: 'move', by: 1 } },
    { press: { key: 'Tab', shiftKey: true }, action: { type: 'move', by: -1 } },
    { press: { key: '4' }, action: { type: 'correct', text: '4' } },
    { press: { key: '$' }, action: { type: 'correct', text: '$' } },
    { press: { key: 'Escape' }, action: { type: 'stop' } },
    { press: { key: ' ' }, action: undefined },
    { press: { key: 'ArrowDown' }, action: undefined },
    { press: { key: 'c', ctrlKey: true }, action: undefined },
    { press: { key: 'v', metaKey: true }, action: undefined },
  ])('$press.key (shift $press.shiftKey, ctrl $press.ctrlKey)', ({ press, action }) => {
    expect(reviewKeyAction(press)).toEqual(action);
  });
});
