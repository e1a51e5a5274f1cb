/** What a key does in review mode (issue 12): Enter confirms, typing corrects, Tab moves. */
export type ReviewKeyAction =
  | { type: 'confirm' }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'correct'; text: string }
  | { type: 'stop' };

export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export function reviewKeyAction(press: KeyPress): ReviewKeyAction | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  if (press.key === 'Enter') return { type: 'confirm' };
  if (press.key === 'Tab') return { type: 'move', by: press.shiftKey ? -1 : 1 };
  if (press.key === 'Escape') return { type: 'stop' };
  // One printed character (not Space, which selects): the broker starts typing the right value.
  if (press.key.length === 1 && press.key !== ' ') return { type: 'correct', text: press.key };
  return undefined;
}
