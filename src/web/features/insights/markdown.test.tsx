import { render } from '@testing-library/react';
import fc from 'fast-check';
import { defaultUrlTransform } from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { safeUrl } from '../../../shared/insights/safe-url.ts';
import { Markdown } from './markdown.tsx';

const renderMarkdown = (text: string) => render(<Markdown>{text}</Markdown>).container;

describe('Markdown', () => {
  it('renders GitHub-flavoured tables, strikethrough and task lists', () => {
    const html = renderMarkdown(
      [
        '| Tier | Rate |',
        '| --- | --- |',
        '| Employee | $30 |',
        '',
        '~~old~~',
        '',
        '- [x] done',
        '- [ ] todo',
      ].join('\n'),
    );
    expect(html.querySelector('table td')).toHaveTextContent('Employee');
    expect(html.querySelector('del')).toHaveTextContent('old');
    const boxes = html.querySelectorAll('input[type="checkbox"]');
    expect([...boxes].map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
  });

  it('renders footnotes and autolinks', () => {
    const html = renderMarkdown(
      'Rates rise[^1] see www.example.com or https://example.org\n\n[^1]: In 2027.',
    );
    expect(html.querySelector('sup a')).toHaveAttribute('href', '#user-content-fn-1');
    expect(html.querySelector('section.footnotes')).toHaveTextContent('In 2027.');
    const hrefs = [...html.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('http://www.example.com');
    expect(hrefs).toContain('https://example.org');
  });

  it('highlights code blocks', () => {
    const html = renderMarkdown('```json\n{"rate": 30}\n```');
    const code = html.querySelector('pre code');
    expect(code).toHaveClass('hljs', 'language-json');
    expect(code!.querySelector('.hljs-attr')).toHaveTextContent('"rate"');
  });

  it('keeps safe link targets and blanks the others', () => {
    const html = renderMarkdown(
      '[a](https://example.com) [b](/documents) [c](mailto:a@b.co) [d](javascript:alert(1)) [e](data:text/html,x) ![f](vbscript:x)',
    );
    const links = [...html.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com',
      '/documents',
      'mailto:a@b.co',
      null,
      null,
    ]);
    expect(html.querySelector('img')).not.toHaveAttribute('src');
  });

  it('never renders raw HTML', () => {
    const html = renderMarkdown(
      'Hi <img src=x onerror="alert(1)"> <script>alert(1)</script> <b>bold</b>',
    );
    expect(html.querySelector('img, script, b')).toBeNull();
  });
});

describe('safeUrl matches react-markdown’s link rule', () => {
  it.each([
    ['https://a.b'],
    ['javascript:x'],
    ['/x:y'],
    ['a?b:c'],
    ['#a:b'],
    ['IRCS://x'],
    ['xmpp:a@b'],
    ['ftp://x'],
    [''],
  ])('%s', (url) => expect(safeUrl(url)).toBe(defaultUrlTransform(url)));

  it('for any string', () => {
    fc.assert(
      fc.property(fc.string(), (url) => {
        expect(safeUrl(url)).toBe(defaultUrlTransform(url));
      }),
    );
  });
});
