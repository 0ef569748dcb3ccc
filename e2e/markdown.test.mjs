// Markdown in tribe posts on the production build: a post with a fenced TypeScript block renders
// highlighted, and Copy code puts the block's text on the clipboard; a post of hostile HTML stays
// text and runs nothing; axe finds nothing on a post with code or on the composer's preview, light
// and dark; a first visit to / or /login never requests the Markdown code.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';

import { firstVisit } from '../bench/lib.mjs';
import { violationLog } from './axe.mjs';
import { DIST_DIR, expectVisible, heading, newUser, signUp, useBrowser, withPage } from './helpers.mjs';

const env = useBrowser();

const CODE = [
  'interface Config {',
  '  retries: number;',
  '}',
  '',
  'export const config: Config = { retries: 3 };',
  "console.log(`retrying ${config.retries} times`, 'ok');",
].join('\n');

const POST_WITH_CODE = [
  'Here is **how** I keep a `config` typed, see [the handbook](https://www.typescriptlang.org/docs/):',
  '',
  '```ts',
  CODE,
  '```',
].join('\n');

const HOSTILE_POST = [
  '<img src=x onerror="window.__pwned=1">',
  '',
  '<script>window.__pwned=1</script>',
  '',
  'Inline <img src=y onerror="window.__pwned=1"> too, and [click me](javascript:window.__pwned=1)',
  '',
  '[data link](data:text/html,<script>window.__pwned=1</script>) and ![an image](https://example.com/cat.png)',
].join('\n');

/** Chunks that hold the Markdown code: the named ones, and any file with react-markdown or highlight.js in it. */
const MARKDOWN_CHUNK = /\/assets\/(markdown|highlighter|hljs-[\w-]+)\.[0-9a-f]+\.js$/;
const MARKDOWN_SIGNATURES = ['remarkjs/react-markdown', 'Could not find the language'];

async function holdsMarkdownCode(urlPath) {
  if (MARKDOWN_CHUNK.test(urlPath)) return true;
  if (!urlPath.endsWith('.js')) return false;
  const text = await readFile(path.join(DIST_DIR, urlPath), 'utf8');
  return MARKDOWN_SIGNATURES.some((signature) => text.includes(signature));
}

async function createTribe(page) {
  const name = `Markdown Tribe ${randomBytes(3).toString('hex')}`;
  await page.goto('/tribes/create');
  await expectVisible(heading(page, 'Create a tribe'));
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Tagline').fill('Code in posts');
  await page.getByLabel('Add a topic').fill('TypeScript');
  await page.getByLabel('Add a topic').press('Enter');
  await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
  await expectVisible(heading(page, name));
  return name;
}

async function publish(page, body) {
  await page.getByLabel('Write a post').fill(body);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectVisible(page.getByRole('form', { name: 'New post' }).getByText('0 / 5,000 characters'));
}

/** The post (its article) whose text includes `text`. */
const postWith = (page, text) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('article').filter({ hasText: text }).first();

test(
  'a fenced TypeScript block renders highlighted, Copy code copies it, and axe finds nothing, light and dark',
  withPage(
    env,
    async ({ page }) => {
      const axe = violationLog();
      await signUp(page, newUser('markdown'));
      await createTribe(page);

      // The composer's preview renders with the same renderer, before anything is posted.
      const composer = page.getByRole('form', { name: 'New post' });
      await composer.getByLabel('Write a post').fill(POST_WITH_CODE);
      const writeTab = composer.getByRole('tab', { name: 'Write' });
      await writeTab.focus();
      await page.keyboard.press('ArrowRight');
      const previewTab = composer.getByRole('tab', { name: 'Preview' });
      assert.equal(await previewTab.getAttribute('aria-selected'), 'true', 'ArrowRight selects Preview');
      assert.equal(await previewTab.evaluate((tab) => tab === document.activeElement), true, 'and focuses it');
      const preview = composer.getByRole('tabpanel', { name: 'Preview' });
      await expectVisible(preview.locator('pre code .hljs-keyword'));
      await expectVisible(preview.getByRole('button', { name: 'Copy code' }));
      await axe.check(page, "the composer's preview with code");
      await page.keyboard.press('ArrowLeft');
      await expectVisible(composer.getByLabel('Write a post'));

      await publish(page, POST_WITH_CODE);
      const post = postWith(page, 'I keep a');
      await expectVisible(post);
      const code = post.locator('pre > code.hljs.language-ts');
      await expectVisible(code.locator('.hljs-keyword'));
      const keywords = await code.locator('.hljs-keyword').allTextContents();
      for (const keyword of ['interface', 'export', 'const'])
        assert.ok(keywords.includes(keyword), `${keyword} is a keyword`);
      assert.ok((await code.locator('.hljs-string').count()) >= 1, 'strings are tokens');
      assert.equal(await code.textContent(), CODE, 'the block shows the code as written');
      // Highlighted in colour: a keyword is not drawn in the text's colour.
      const colours = await code.evaluate((element) => ({
        text: getComputedStyle(element).color,
        keyword: getComputedStyle(element.querySelector('.hljs-keyword')).color,
      }));
      assert.notEqual(colours.keyword, colours.text, 'keywords have their own colour');

      assert.equal(await post.locator('strong').textContent(), 'how');
      const link = post.getByRole('link', { name: 'the handbook' });
      assert.equal(await link.getAttribute('href'), 'https://www.typescriptlang.org/docs/');
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'nofollow ugc noopener noreferrer');

      // Copy code: the block's text on the clipboard, "Copied" on the button and in the live region.
      await post.getByRole('button', { name: 'Copy code' }).click();
      await expectVisible(post.getByRole('button', { name: 'Copied' }));
      assert.equal(await post.getByRole('status').textContent(), 'Copied');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), CODE);
      await expectVisible(post.getByRole('button', { name: 'Copy code' }));

      await axe.check(page, 'a tribe page with a post of highlighted code');
      axe.assertNone();

      // On a 320 px phone the code scrolls inside its block; the page does not get wider.
      await page.setViewportSize({ width: 320, height: 640 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const widths = await post.locator('pre').evaluate((pre) => ({
        page: document.documentElement.scrollWidth,
        pre: pre.clientWidth,
        code: pre.scrollWidth,
      }));
      assert.ok(widths.page <= 320, `the page is ${widths.page} px wide at 320 px`);
      assert.ok(widths.code > widths.pre, 'the long lines scroll inside the block');
      await expectVisible(post.getByRole('button', { name: 'Copy code' }));
      await page.setViewportSize({ width: 1280, height: 720 });

      // A long block is highlighted in the highlighter's worker, then shown line by line.
      const longCode = Array.from({ length: 120 }, (_, i) => `const value${i}: number = ${i}; // line ${i}`).join('\n');
      await publish(page, `A long one\n\n\`\`\`typescript\n${longCode}\n\`\`\``);
      const longBlock = postWith(page, 'A long one').locator('pre > code');
      await page.waitForFunction(
        (element) => element.querySelectorAll('.hljs-keyword').length === 120,
        await longBlock.elementHandle(),
      );
      assert.equal(await longBlock.textContent(), longCode, 'the long block shows the code as written');
      assert.equal(await longBlock.locator('.hljs-comment').count(), 120);

      // The Markdown code came in its own chunks, on this page: the positive control for the first-visit test.
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      assert.ok(
        loaded.some((file) => /\/assets\/markdown\.[0-9a-f]+\.js$/.test(file)),
        'the markdown chunk loaded',
      );
      assert.ok(
        loaded.some((file) => /\/assets\/hljs-typescript\.[0-9a-f]+\.js$/.test(file)),
        'the TypeScript grammar loaded',
      );
      assert.ok(
        loaded.some((file) => /\/assets\/highlighter\.[0-9a-f]+\.js$/.test(file)),
        "the highlighter's worker started",
      );
      const withSignatures = [];
      for (const file of loaded) if (await holdsMarkdownCode(file)) withSignatures.push(file);
      assert.ok(
        withSignatures.some((file) => !MARKDOWN_CHUNK.test(file)),
        'the react-markdown / highlight.js library chunk is recognised by its contents',
      );
    },
    { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } },
  ),
);

test(
  'hostile HTML in a post stays text: no element, no link, no script run',
  withPage(env, async ({ page }) => {
    await signUp(page, newUser('markdown-hostile'));
    await createTribe(page);
    await publish(page, HOSTILE_POST);
    const post = postWith(page, 'Inline');
    await expectVisible(post);
    const body = post.locator('.post__body');
    // Rendered by the Markdown renderer, not its plain-text stand-in.
    await expectVisible(body.locator('a.markdown__image-link'));
    await body.locator('.markdown__plain').waitFor({ state: 'detached' });

    // The HTML is on screen as written.
    await expectVisible(body.getByText('<img src=x onerror="window.__pwned=1">', { exact: true }));
    await expectVisible(body.getByText('<script>window.__pwned=1</script>', { exact: true }));
    await expectVisible(body.getByText('<img src=y onerror="window.__pwned=1">', { exact: false }));
    assert.equal(await body.locator('img, script, iframe, [onerror]').count(), 0, 'no element from the HTML');

    // javascript: and data: links are text; the image is a link to its address, with its alt text.
    assert.equal(await body.getByRole('link', { name: 'click me' }).count(), 0);
    assert.equal(await body.getByRole('link', { name: 'data link' }).count(), 0);
    await body.getByText('click me', { exact: true }).click();
    const image = body.getByRole('link', { name: 'an image' });
    assert.equal(await image.getAttribute('href'), 'https://example.com/cat.png');
    assert.equal(await image.getAttribute('rel'), 'nofollow ugc noopener noreferrer');
    assert.deepEqual(
      await body.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ['https://example.com/cat.png'],
      'the only link is the image',
    );

    // Nothing ran, then or since (a reload renders it again from the store).
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.reload();
    await expectVisible(postWith(page, 'Inline').locator('a.markdown__image-link'));
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  }),
);

test('a first visit to / or /login requests none of the Markdown code', async () => {
  for (const pagePath of ['/', '/login']) {
    const visit = await firstVisit(env.browser, `${env.baseURL}${pagePath}`);
    const files = [...visit.beforeApp, ...visit.afterApp];
    assert.ok(
      files.some((file) => /\/assets\/boot\.[0-9a-f]+\.js$/.test(file)),
      `${pagePath}: the visit was measured`,
    );
    const markdown = [];
    for (const file of files) if (await holdsMarkdownCode(file)) markdown.push(file);
    assert.deepEqual(markdown, [], `${pagePath}: no Markdown chunk on a first visit`);
  }
});
