// axe-core in the browser tests: WCAG 2.0, 2.1 and 2.2 A and AA rules on the page as it is,
// injected through the DevTools protocol (page.evaluate), so no Content-Security-Policy stands in
// the way and no browser download is needed; and the page states the accessibility tests share.
import assert from 'node:assert/strict';

import axe from 'axe-core';

import { expectVisible } from './helpers.mjs';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const SCHEMES = ['light', 'dark'];

const DEMO_COMMUNITY_PASSWORD = 'devtribe-demo';
/** A developer of the embedded backend's demo community (README), by the email's local part. */
export const demoLogin = (key) => ({ email: `${key}@demo.devtribe.dev`, password: DEMO_COMMUNITY_PASSWORD });

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

/**
 * Collects violations over a whole test, then fails once with all of them listed. `check` runs
 * axe on the page as it is in each colour scheme (prefers-color-scheme, emulated: the page restyles
 * in place, so one page state serves both), `checkAs` in the current one only.
 */
export function violationLog() {
  const found = [];
  const checkAs = async (page, where) => {
    const lines = await axeViolations(page, where);
    for (const line of lines) console.log(`axe violation: ${line}`);
    found.push(...lines);
  };
  return {
    checkAs,
    async check(page, where) {
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        await checkAs(page, `${colorScheme}: ${where}`);
      }
    },
    assertNone() {
      assert.deepEqual(found, [], `axe found ${found.length} violation(s):\n${found.join('\n')}`);
    },
  };
}

/** Fails at once when axe finds anything on the page as it is now. */
export async function expectNoAxeViolations(page, where) {
  const log = violationLog();
  await log.checkAs(page, where);
  log.assertNone();
}

/** Waits until the page shows its content: no splash, no spinner, nothing busy, a level-one heading. */
export async function settle(page) {
  await page.waitForFunction(
    () => !document.querySelector('#splash, .spinner, [aria-busy="true"]') && document.querySelector('h1') !== null,
  );
  // Two frames: what the last state change rendered is laid out and painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function visit(page, path) {
  await page.goto(path);
  await settle(page);
}

export async function openNotifications(page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expectVisible(page.getByRole('region', { name: 'Notifications', exact: true }));
}

export async function closeNotifications(page) {
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Notifications', exact: true }).waitFor({ state: 'hidden' });
}

/** Runs axe on the open dialog named `name`, then closes it with Escape. */
export async function checkDialog(page, log, name, where) {
  const dialog = page.getByRole('dialog', { name });
  await expectVisible(dialog);
  await log.check(page, where);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}
