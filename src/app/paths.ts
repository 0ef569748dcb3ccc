// The router matches paths case-insensitively (react-router's default), so `/Dashboard` shows the
// dashboard. Everything else that looks at a path (title, install card, entry-page preload) reads
// its canonical form, so a mixed-case path never shows a page under another page's title.

/** Route words that are lower case in the route table: the first segment, and `create` under tribes. */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  const [, first = '', second, ...rest] = trimmed.split('/');
  const head = first.toLowerCase();
  // Ids (tribes, profiles, projects) keep their case: they are case-sensitive document ids.
  const next = second !== undefined && head === 'tribes' && second.toLowerCase() === 'create' ? 'create' : second;
  return ['', head, ...(next === undefined ? [] : [next]), ...rest].join('/');
}
