/** The only schemes a link in a post or comment may use; anything else (javascript:, data:, vbscript:, file:, relative paths) stays text. */
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL a Markdown link may point to, or undefined when it must not be a link. Parsed by the
 * platform's URL parser, as the browser would read it, so spellings such as `JaVaScRiPt:`,
 * `java\tscript:` or a leading space are seen through; relative URLs (no base) are refused.
 */
export function safeLinkUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}
