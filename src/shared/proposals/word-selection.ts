/**
 * Selecting a value's words on a page image (issue 12): the words a dragged rectangle touches,
 * and the text and box of a selection. Boxes are [x0, y0, x1, y1] in points, top-left origin.
 */
export type Box = [number, number, number, number];

export interface Word {
  text: string;
  box: Box;
}

/** The rectangle between two corners, whichever way it was dragged. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)];
}

/** Words whose box overlaps the rectangle. */
export function wordsInRect<T extends Word>(words: readonly T[], rect: Box): T[] {
  const [x0, y0, x1, y1] = rect;
  return words.filter(({ box }) => box[0] < x1 && box[2] > x0 && box[1] < y1 && box[3] > y0);
}

/** The smallest box around all the boxes. */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/**
 * The selected words as one value: in reading order (lines top to bottom, a word on the same
 * line when its middle lies within the line's first word's height; left to right within a
 * line), joined by spaces, with the box around them all.
 */
export function selectionValue(words: readonly Word[]): { text: string; box: Box } | undefined {
  const box = unionBox(words.map((w) => w.box));
  if (!box) return undefined;
  const lines: Word[][] = [];
  for (const word of [...words].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])) {
    const middle = (word.box[1] + word.box[3]) / 2;
    const line = lines.find((l) => middle >= l[0]!.box[1] && middle <= l[0]!.box[3]);
    if (line) line.push(word);
    else lines.push([word]);
  }
  const text = lines
    .map((line) =>
      line
        .sort((a, b) => a.box[0] - b.box[0])
        .map((w) => w.text)
        .join(' '),
    )
    .join(' ');
  return { text, box };
}
