// Links in Markdown, as the link checks read them (test/package/shipped-links.test.ts for the
// shipped docs, test/decisions.test.ts for every Markdown file in the repository).

/** Markdown without fenced code blocks and code spans, whose brackets are not links. */
export function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`]*?\1/g, '');
}

/** Every link target of a Markdown text: inline links and images, reference definitions, HTML href/src. */
export function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1] ?? '');
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm)].map((m) => m[1] ?? '');
  const html = [...text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1] ?? '');
  return [...inline, ...references, ...html];
}

/** Whether a link target names a scheme (`https:`, `mailto:`) or a host (`//x`), not a file here. */
export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

