import { describe, expect, it } from 'vitest';
import { decodeEntities, parseMammothHtml, tabbedGrids } from './docx.ts';

describe('mammoth HTML', () => {
  it('keeps paragraphs, bold and table spans', () => {
    const html =
      '<p><strong>Dental Plan Options</strong></p><table><tr><th>Benefit</th><th colspan="2">Core Plan</th></tr>' +
      '<tr><td rowspan="2"><p><strong>Preventive</strong></p><p>Exams, cleanings</p></td><td>100%</td><td>90%</td></tr>' +
      '<tr><td>80%</td><td>70%</td></tr></table><p>Rates &amp; terms</p>';
    const blocks = parseMammothHtml(html);
    expect(blocks[0]).toEqual({
      kind: 'para',
      para: { text: 'Dental Plan Options', bold: true, heading: 0 },
    });
    const table = blocks[1];
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.rows[0]![1]).toMatchObject({ colSpan: 2, header: true });
    expect(table.rows[1]![0]).toMatchObject({ rowSpan: 2 });
    expect(table.rows[1]![0]!.paras.map((p) => [p.text, p.bold])).toEqual([
      ['Preventive', true],
      ['Exams, cleanings', false],
    ]);
    expect(blocks[2]).toMatchObject({ kind: 'para', para: { text: 'Rates & terms' } });
  });

  it('drops superscript footnote markers', () => {
    const blocks = parseMammothHtml(
      '<p>Calendar Year Deductible<sup>1</sup></p><p>x<sup>2</sup> = 4</p>',
    );
    expect(blocks.map((b) => (b.kind === 'para' ? b.para.text : ''))).toEqual([
      'Calendar Year Deductible',
      'x = 4',
    ]);
  });

  it('reads a table nested in a one-row layout table as a table of its own', () => {
    const blocks = parseMammothHtml(
      '<table><tr><td><table><tr><td>Coverage Tier</td><td>Monthly Rate</td></tr>' +
        '<tr><td>Employee</td><td>$46.12</td></tr></table></td>' +
        '<td><p>Rates are guaranteed through October 31, 2028.</p></td></tr></table>',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['table', 'para']);
    const inner = blocks[0];
    if (inner?.kind !== 'table') throw new Error('no table');
    expect(inner.rows.map((r) => r.map((c) => c.paras[0]?.text))).toEqual([
      ['Coverage Tier', 'Monthly Rate'],
      ['Employee', '$46.12'],
    ]);
  });

  it('keeps a table nested in a data cell as the text of that cell', () => {
    const blocks = parseMammothHtml(
      '<table><tr><td>Frames</td><td>$130</td></tr><tr><td>Notes</td><td>' +
        '<table><tr><td>Exam</td><td>12 months</td></tr></table></td></tr></table>',
    );
    expect(blocks).toHaveLength(1);
    const t = blocks[0];
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows[1]![1]!.paras.map((p) => p.text)).toEqual(['Exam | 12 months']);
  });

  it('decodes entities', () => {
    expect(decodeEntities('A &amp; B &#8211; C&nbsp;D &lt;x&gt;')).toBe('A & B – C D <x>');
  });
});

describe('paragraphs laid out with tab stops', () => {
  it('reads consecutive tabbed paragraphs as a table, a bold first row as its header', () => {
    const blocks = tabbedGrids(
      parseMammothHtml(
        '<p><strong>Effective Date:</strong>\tJanuary 1st, 2027</p>' +
          '<p><strong>Benefit\tIn-Network\tOut-of-Network</strong></p>' +
          '<p>Annual Maximum\t$1,000\t$1,000</p><p>Type I – Preventive\t100%\t80%</p>' +
          '<p>A waiting period applies.</p>',
      ),
    );
    expect(blocks[0]).toMatchObject({
      kind: 'para',
      para: { text: 'Effective Date: January 1st, 2027' },
    });
    const table = blocks[1];
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.rows.map((r) => r.map((c) => c.paras[0]?.text ?? ''))).toEqual([
      ['Benefit', 'In-Network', 'Out-of-Network'],
      ['Annual Maximum', '$1,000', '$1,000'],
      ['Type I – Preventive', '100%', '80%'],
    ]);
    expect(table.rows[0]![0]!.header).toBe(true);
    expect(table.rows[1]![0]!.header).toBe(false);
    expect(blocks[2]).toMatchObject({ kind: 'para', para: { text: 'A waiting period applies.' } });
  });

  it('leaves the first column empty for a row that began with a tab', () => {
    const blocks = tabbedGrids(
      parseMammothHtml('<p>\tDental\tVision</p><p>Employee Only\t$28.40\t$6.12</p>'),
    );
    const table = blocks[0];
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.rows[0]!.map((c) => c.paras[0]?.text ?? '')).toEqual(['', 'Dental', 'Vision']);
  });

  it('keeps a lone tabbed line and "Label:⇥value" lines as lines', () => {
    const blocks = tabbedGrids(
      parseMammothHtml(
        '<p>Prepared for:\tAcme</p><p>Proposal Number:\tQ-1</p><p>Rates\tsee below</p>',
      ),
    );
    expect(blocks.map((b) => (b.kind === 'para' ? b.para.text : 'table'))).toEqual([
      'Prepared for: Acme',
      'Proposal Number: Q-1',
      'Rates see below',
    ]);
  });
});
