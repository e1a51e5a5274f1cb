import 'highlight.js/styles/github.css';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { safeUrl } from '../../../shared/insights/safe-url.ts';

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlight];

// A blanked target is left out rather than kept as "" (which would reload the page).
const components: Components = {
  a: ({ node: _node, href, ...props }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...props} href={href || undefined} />
  ),
  img: ({ node: _node, src, alt, ...props }: ComponentProps<'img'> & { node?: unknown }) => (
    <img {...props} alt={alt ?? ''} src={src || undefined} />
  ),
};

/**
 * Renders insights Markdown: GitHub-flavoured (tables, strikethrough, task lists, footnotes,
 * autolinks), code blocks highlighted, raw HTML shown as text and never rendered, and links
 * kept only for the schemes of the link rule (spec §5).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      urlTransform={safeUrl}
      components={components}
    >
      {children}
    </ReactMarkdown>
  );
}
