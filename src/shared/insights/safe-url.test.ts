import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.ts';

describe('safeUrl (the Markdown link rule)', () => {
  it.each([
    ['https://example.com/a?b=c#d'],
    ['http://example.com'],
    ['HTTPS://EXAMPLE.COM'],
    ['irc://irc.libera.chat/channel'],
    ['ircs://irc.libera.chat:6697/channel'],
    ['mailto:broker@example.com'],
    ['xmpp:broker@example.com'],
    ['/documents/carrierProposals/1'],
    ['../up'],
    ['relative/path'],
    ['#footnote-1'],
    ['?q=1'],
    ['docs/a:b'],
    ['?q=a:b'],
    ['#x:y'],
    [''],
  ])('keeps %s', (url) => expect(safeUrl(url)).toBe(url));

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:msgbox'],
    ['file:///etc/passwd'],
    ['ftp://example.com'],
    ['tel:+15551234'],
    ['httpx://example.com'],
  ])('blanks %s', (url) => expect(safeUrl(url)).toBe(''));

  it('returns either the URL unchanged or nothing', () => {
    fc.assert(
      fc.property(fc.string(), (url) => {
        const result = safeUrl(url);
        expect(result === url || result === '').toBe(true);
      }),
    );
  });

  it('never keeps a scheme outside the allowed list', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/),
        fc.stringMatching(/^[a-z0-9/._?#=-]{0,12}$/),
        (scheme, rest) => {
          const allowed = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'].includes(scheme);
          expect(safeUrl(`${scheme}:${rest}`)).toBe(allowed ? `${scheme}:${rest}` : '');
        },
      ),
    );
  });
});
