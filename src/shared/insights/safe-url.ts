/**
 * The Markdown link rule (spec §5): a rendered link or image keeps its target only when it is
 * relative or uses http, https, irc, ircs, mailto or xmpp; any other target becomes ''.
 *
 * A colon after the first `/`, `?` or `#` does not start a scheme, so `docs/a:b` and `?q=a:b`
 * are relative. Anything else with a colon before them (`javascript:`, `data:`, `vbscript:`,
 * ` javascript:`, `java\tscript:`) is blanked.
 */
const safeSchemes = /^(?:https?|ircs?|mailto|xmpp)$/i;

export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  const firstOf = (char: string) => {
    const at = url.indexOf(char);
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  };
  const schemeEnd = Math.min(firstOf('/'), firstOf('?'), firstOf('#'));
  if (colon > schemeEnd) return url;
  return safeSchemes.test(url.slice(0, colon)) ? url : '';
}
