// axe-core in the browser tests: WCAG 2.0, 2.1 and 2.2 A and AA rules on the page as it is,
// injected through the DevTools protocol (page.evaluate), so no Content-Security-Policy stands in
// the way and no browser download is needed.
import assert from 'node:assert/strict';

import axe from 'axe-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and returns one line per violated rule:
 * `<where>: <rule> (<impact>), <n> element(s), first <target>: <help>`.
 */
export async function axeViolations(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axe.source);
  const { violations } = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return violations.map((violation) => {
    const first = violation.nodes[0];
    const target = first ? JSON.stringify(first.target) : '(no element)';
    return `${where}: ${violation.id} (${violation.impact}), ${violation.nodes.length} element(s), first ${target}: ${violation.help}`;
  });
}

/** Collects violations over a whole test, then fails once with all of them listed. */
export function violationLog() {
  const found = [];
  return {
    async check(page, where) {
      const lines = await axeViolations(page, where);
      for (const line of lines) console.log(`axe violation: ${line}`);
      found.push(...lines);
    },
    assertNone() {
      assert.deepEqual(found, [], `axe found ${found.length} violation(s):\n${found.join('\n')}`);
    },
  };
}

/** Fails at once when axe finds anything on the page as it is now. */
export async function expectNoAxeViolations(page, where) {
  const log = violationLog();
  await log.check(page, where);
  log.assertNone();
}
