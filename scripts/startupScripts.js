// How each HTML file starts the app (webpack.config.js).
//
// The prerendered public pages (scripts/prerender.js) already are the page: their scripts are
// requested only after the first paint, so they do not compete with it under mobile throttling.
// Instead of <script defer> tags they get one inline script, scripts/startupLoader.js, which
// waits for the `first-contentful-paint` entry (or starts at once on a hidden page, or after 1 s)
// and then appends the scripts named in its data-src attribute, in order. The hosting CSP allows
// that one inline script by its hash only: the build fails if firebase.json does not carry the
// hash of the script as it is in the emitted HTML.
//
// On /login and /signup (`sessionChecked`) a second copy of the same script stands in the head,
// before the stylesheet, with a data-session-check attribute: before the body is parsed it marks
// <html data-session="maybe"> when the browser holds a session (the local backend's session store,
// a Firebase Auth user in localStorage, or the hint the Firebase backend keeps), and the page's
// inline styles then show the splash the prerender kept hidden instead of the signed-out form,
// until the app's first auth check (scripts/prerender.js).
//
// The signed-in shells (app.html, dashboard.html, explore.html) are not delayed: a returning
// signed-in user must not wait for a splash to paint. They load the entry with <script async
// fetchpriority="high">, run as soon as it arrives, and the same inline script preloads the
// store and boot chunks first and then their other chunks (its data-preload attribute, which
// replaces their script tags here, scripts/shellPreloads.js).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'StartupScriptsPlugin';
const ROOT = path.resolve(__dirname, '..');
const LOADER_FILE = path.join(__dirname, 'startupLoader.js');
const FIREBASE_JSON = path.join(ROOT, 'firebase.json');

/** An inline <script> (one without src) and its content. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The chunks src/main.tsx loads, in order (webpackChunkName): the store (src/startStore.ts), then React DOM and the app. */
const STORE_CHUNK = 'app-store';
const BOOT_CHUNK = 'boot';

/** The inline script exactly as it goes into the HTML: the file's content, trimmed. */
function startupLoaderSource() {
  return readFileSync(LOADER_FILE, 'utf8').trim();
}

/** Its CSP source expression: 'sha256-<base64>'. */
function cspHashOf(source) {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** script-src of firebase.json's Content-Security-Policy, as a list of sources. */
function firebaseScriptSrc() {
  const firebase = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));
  const csp = firebase.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy');
  if (!csp) throw new Error('firebase.json has no Content-Security-Policy');
  const directive = csp.value
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive ? directive.slice(1) : [];
}

/** Why firebase.json's CSP would block the loader (or allow too much), or null when it is right. */
function cspProblem(source) {
  const sources = firebaseScriptSrc();
  const hash = cspHashOf(source);
  if (sources.includes("'unsafe-inline'")) return "firebase.json's script-src must not have 'unsafe-inline'";
  if (!sources.includes(hash)) {
    return `firebase.json's script-src does not allow scripts/startupLoader.js: add ${hash} (and remove the old hash)`;
  }
  return null;
}

class StartupScriptsPlugin {
  /**
   * `delayed`: the HTML files whose scripts wait for the first paint; every other one loads them at once.
   * `sessionChecked`: the files whose form a signed-in visitor must not see (the loader's session check in the head).
   */
  constructor({ delayed, sessionChecked = [] }) {
    this.delayed = new Set(delayed);
    this.sessionChecked = new Set(sessionChecked);
  }

  apply(compiler) {
    const source = startupLoaderSource();
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/');
        const bootScripts = [STORE_CHUNK, BOOT_CHUNK].flatMap((name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`${NAME}: no chunk named "${name}" (see src/main.tsx)`);
          return group
            .getFiles()
            .filter((file) => file.endsWith('.js'))
            .map((file) => `${publicPath}${file}`);
        });
        const index = data.headTags.findIndex((tag) => tag.tagName === 'script' && tag.attributes.src);
        if (index < 0) throw new Error(`${NAME}: ${data.outputName} has no entry script`);
        const entryScripts = data.headTags
          .filter((tag) => tag.tagName === 'script' && tag.attributes.src)
          .map((tag) => tag.attributes.src);
        const scripts = [...entryScripts, ...bootScripts];
        data.headTags = data.headTags.filter((tag) => !(tag.tagName === 'script' && tag.attributes.src));
        if (this.delayed.has(data.outputName)) {
          data.bodyTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('script', { 'data-src': scripts.join(' ') }, source),
          );
          if (this.sessionChecked.has(data.outputName)) {
            // Before the stylesheet: an inline script after a pending stylesheet waits for it.
            const stylesheet = data.headTags.findIndex(
              (tag) => tag.tagName === 'link' && tag.attributes.rel === 'stylesheet',
            );
            const check = HtmlWebpackPlugin.createHtmlTagObject('script', { 'data-session-check': true }, source);
            data.headTags.splice(stylesheet < 0 ? 0 : stylesheet, 0, check);
          }
        } else {
          // async, not defer: a deferred script waits for the HTML's parse and the stylesheet, and
          // the entry starts the backend; the app itself waits for both (src/index.tsx).
          const tags = scripts.map((src) =>
            HtmlWebpackPlugin.createHtmlTagObject('script', { async: true, fetchpriority: 'high', src }),
          );
          data.headTags.splice(index, 0, ...tags);
        }
        return data;
      });
      // After HtmlWebpackPlugin (and its minifier) have emitted the pages: the inline script the
      // browser gets must be the one whose hash firebase.json allows, on every page that has one
      // (the shells' loader preloads their chunks, scripts/shellPreloads.js).
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const problem = cspProblem(source);
          if (problem) compilation.errors.push(new Error(`${NAME}: ${problem}`));
          for (const file of this.delayed) {
            if (assets[file] === undefined) compilation.errors.push(new Error(`${NAME}: ${file} was not emitted`));
          }
          for (const file of Object.keys(assets).filter((name) => name.endsWith('.html'))) {
            const inline = [...assets[file].source().toString().matchAll(INLINE_SCRIPT)].map((match) => match[1]);
            if (inline.some((script) => script !== source)) {
              compilation.errors.push(
                new Error(
                  `${NAME}: ${file} has an inline script that is not scripts/startupLoader.js as hashed (did a minifier rewrite it?)`,
                ),
              );
            } else if (this.delayed.has(file) && inline.length === 0) {
              compilation.errors.push(new Error(`${NAME}: ${file} has no inline start-up script`));
            } else if (
              this.sessionChecked.has(file) &&
              !/<script data-session-check[\s>=]/.test(assets[file].source().toString())
            ) {
              compilation.errors.push(new Error(`${NAME}: ${file} has no session check in its head`));
            }
          }
        },
      );
    });
  }
}

module.exports = { StartupScriptsPlugin, BOOT_CHUNK, STORE_CHUNK, startupLoaderSource, cspHashOf };
