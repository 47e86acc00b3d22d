// The lab's accessibility conformance report (docs/accessibility.md, carried in the kit as
// accessibility.md) as a page of every built site, accessibility.html, linked from the
// instructor page: what an accessibility office asks for before a lab is assigned.
// Markdown -> HTML by markdown-it (raw HTML off); links to the repository's other
// documents (*.md) become their plain text, as a site has no docs/ folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { page } from './layout.mjs';

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });

export const REPORT_FILE = 'accessibility.html';

// The page's HTML, or null when the kit has no report (a kit made before it had one).
export function reportPage(kitDir, pages, courseTitle) {
  const source = join(kitDir, 'accessibility.md');
  if (!existsSync(source)) return null;
  const html = md.render(readFileSync(source, 'utf8'))
    .replace(/<a href="(?!https?:|#)[^"]*\.md(?:#[^"]*)?">([\s\S]*?)<\/a>/g, '$1');
  return page({
    pages, file: REPORT_FILE, title: `Accessibility conformance report · ${courseTitle}`,
    body: `<div class="report">${html}</div>`,
  });
}
