import { describe, expect, it } from 'vitest';
import { adjacencyRelations, parseGrids, scoreAdjacency, tableToGrid } from './table-adjacency.ts';

const grid = (text: string) => parseGrids(text);

const truth = grid(`
H| Service | In-Network | Out-of-Network |
| Preventive | < | < |
| Exam | 100% | 80% |
| Cleaning | ^ | 80% |
`);

describe('adjacencyRelations', () => {
  it('relates each non-empty cell to its nearest non-empty neighbours right and below, spans included', () => {
    expect(adjacencyRelations(truth[0]!).sort()).toEqual(
      [
        'h|service|innetwork',
        'h|innetwork|outofnetwork',
        'v|service|preventive',
        'v|innetwork|preventive',
        'v|outofnetwork|preventive',
        'v|preventive|exam',
        'v|preventive|100%',
        'v|preventive|80%',
        'h|exam|100%',
        'h|100%|80%',
        'v|exam|cleaning',
        'v|80%|80%',
        'h|cleaning|100%',
        'h|100%|80%',
      ].sort(),
    );
  });

  it('skips empty cells to reach the next filled one', () => {
    expect(adjacencyRelations(grid('| a | | b |\n| | | |\n| c | | |')[0]!).sort()).toEqual(
      ['h|a|b', 'v|a|c'].sort(),
    );
  });
});

describe('scoreAdjacency', () => {
  it.each([
    ['the same grid', truth, 1, 1],
    ['no tables read', [], 0, 0],
  ])('%s', (_name, predicted, precision, recall) => {
    const s = scoreAdjacency(truth, predicted);
    expect(s.precision).toBeCloseTo(precision, 5);
    expect(s.recall).toBeCloseTo(recall, 5);
  });

  it('costs most relations when two network columns are read as one', () => {
    const s = scoreAdjacency(
      truth,
      grid(`
| Service | In-Network Out-of-Network |
| Preventive | < |
| Exam | 100% 80% |
| Cleaning | 80% |
`),
    );
    expect(s.recall).toBeLessThan(0.3);
    expect(s.precision).toBeLessThan(0.5);
  });

  it('gives partial credit for a lost row', () => {
    const s = scoreAdjacency(
      truth,
      grid(`
| Service | In-Network | Out-of-Network |
| Preventive | < | < |
| Exam | 100% | 80% |
`),
    );
    expect(s.precision).toBe(1);
    expect(s.recall).toBeGreaterThan(0.5);
    expect(s.recall).toBeLessThan(1);
  });
});

describe('parseGrids and tableToGrid', () => {
  it('read back what they write: spans, header rows, multi-line cells, several tables', () => {
    const text = 'H| a | < |\n| b / c | d |\n| ^ | e |\n---\n| x | y |';
    const tables = parseGrids(text);
    expect(tables).toHaveLength(2);
    expect(tables[0]!.cells[0]).toMatchObject({ text: 'a', colSpan: 2, header: true });
    expect(tables[0]!.cells[1]).toMatchObject({ text: 'b\nc', rowSpan: 2 });
    expect(tables.map((t) => tableToGrid(t)).join('\n---\n')).toBe(text);
  });
});
