// Signed-in arrivals (the PWA's start URL, bookmarks, a reload) get a shell whose HTML names the
// chunks their first screen needs, to preload, so the browser fetches them beside main.js instead
// of after it has run: under mobile latency each step of the chain HTML -> main.js -> route and
// backend chunks -> store chunk was a round trip of its own.
//
// - the backend's chunk is a <link rel="preload"> tag in the head, requested with main.js: the
//   entry (src/main.tsx) starts the backend as soon as it runs, so the local database is opened
//   and the session read while the rest downloads. The HTML names no other file: each request
//   there is made in the navigation's commit task, by the browser's preload scanner (it made
//   eight there once, which made it a long task at 4x CPU).
// - the others are added by the start-up loader (scripts/startupLoader.js, the one inline script
//   the CSP allows) from its data-preload attribute, one request per task from the task after the
//   HTML's parse: first the store and boot chunks (their <script async> tags give way to these),
//   then the document store, the signed-in features and the page's chunks: its screens, and its
//   feature (state and sagas, which the store starts on arrival, app/arrivalSagas.ts). All are
//   requested at once: under Chromium's emulated network (the bench's and Lighthouse's), which
//   shares its bandwidth equally among the requests in flight, the smaller files arrive first and
//   the boot chunk, by far the largest, last. Everything a restored session and the arrival's
//   reads need (the store, the backend, the features) is in the smaller files, so they run while
//   the boot chunk still downloads; what is left for its arrival is React's render
//   (bench/sections/signedIn.mjs).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { BOOT_CHUNK, STORE_CHUNK, startupLoaderSource } = require('./startupScripts.js');

const NAME = 'ShellPreloadPlugin';

/**
 * What any signed-in first screen loads (webpackChunkName): the backend (`backend`, a tag in the
 * HTML), the store and boot chunks (src/main.tsx), the backend's document store (a restored
 * session reads the profile at once), the signed-in features (app/signedInFeatures.ts, with the
 * safety workers every sign-in starts) and the header's signed-in parts (app/Layout.tsx).
 */
function signedInChunks(firebase) {
  // Firebase: the deferred backend and, since a returning signed-in user needs Auth at once, App and Auth too.
  const startup = [STORE_CHUNK, BOOT_CHUNK];
  return firebase
    ? {
        backend: ['backend-firebase', 'backend-firebase-auth'],
        others: [...startup, 'backend-firestore', 'signed-in', 'signed-in-header'],
      }
    : { backend: ['backend-local'], others: [...startup, 'local-store', 'signed-in', 'signed-in-header'] };
}

/**
 * The signed-in pages with a shell of their own (firebase.json rewrites each path to its file, as
 * does the service worker, sw/routing.ts), and their chunks: the page, and its feature
 * (app/routes.tsx, app/featureCode.ts).
 */
const SIGNED_IN_SHELLS = [
  { path: '/dashboard', file: 'dashboard.html', chunks: ['route-dashboard', 'feature-dashboard'] },
  { path: '/explore', file: 'explore.html', chunks: ['route-explore', 'feature-explore'] },
];

/**
 * Adds the backend's preload tags and the start-up loader preloading the other chunks' files to
 * each HTML file of `shells` (file name -> { backend, others } chunk names); main.js's own files
 * are left out, and a file both lists share is preloaded with the backend.
 */
class ShellPreloadPlugin {
  constructor(shells) {
    this.shells = shells;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const chunks = this.shells.get(data.outputName);
        if (!chunks) return data;
        const entryFiles = new Set(compilation.entrypoints.get('main').getFiles());
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/');
        const filesOf = (names, skip) => {
          const files = new Set();
          for (const name of names) {
            const group = compilation.namedChunkGroups.get(name);
            // A renamed chunk must not silently turn the preloads off.
            if (!group) throw new Error(`${NAME}: no chunk named "${name}" (see scripts/shellPreloads.js)`);
            for (const file of group.getFiles()) {
              if (/\.(?:js|css)$/.test(file) && !entryFiles.has(file) && !skip.has(file)) files.add(file);
            }
          }
          return files;
        };
        const backend = filesOf(chunks.backend, new Set());
        const others = filesOf(chunks.others, backend);
        const urls = (files) => [...files].map((file) => `${publicPath}${file}`);
        const backendTags = urls(backend).map((href) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: /\.css$/.test(href) ? 'style' : 'script',
            href,
          }),
        );
        // Before the stylesheet: an inline script after a pending stylesheet waits for it to load
        // (a round trip and more), and the preloads with it.
        const loader = HtmlWebpackPlugin.createHtmlTagObject(
          'script',
          { 'data-preload': urls(others).join(' ') },
          startupLoaderSource(),
        );
        const stylesheet = data.headTags.findIndex(
          (tag) => tag.tagName === 'link' && tag.attributes.rel === 'stylesheet',
        );
        data.headTags.splice(stylesheet < 0 ? data.headTags.length : stylesheet, 0, loader);
        // The start-up chunks' own <script async> tags (scripts/startupScripts.js) give way to the
        // preloads: each request the HTML names is made in the navigation's commit task, and the
        // entry imports them anyway.
        const preloaded = new Set(urls(others));
        data.headTags = data.headTags.filter(
          (tag) => !(tag.tagName === 'script' && tag.attributes.src && preloaded.has(tag.attributes.src)),
        );
        data.headTags.push(...backendTags);
        return data;
      });
    });
  }
}

module.exports = { ShellPreloadPlugin, SIGNED_IN_SHELLS, signedInChunks };
