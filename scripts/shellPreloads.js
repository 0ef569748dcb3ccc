// Signed-in arrivals (the PWA's start URL, bookmarks, a reload) get a shell whose HTML names the
// chunks their first screen needs, to preload, so the browser fetches them beside main.js instead
// of after it has run: under mobile latency each step of the chain HTML -> main.js -> route and
// backend chunks -> store chunk was a round trip of its own.
//
// - the backend's chunk is a <link rel="preload"> tag in the head, requested with main.js and the
//   boot chunk: the entry (src/main.tsx) starts the backend as soon as it runs, while the boot
//   chunk still downloads, so the local database is opened and the session read meanwhile. (One
//   request more in the navigation's commit task, where the browser's preload scanner makes
//   them: it made all eight there once, which made it a long task at 4x CPU.)
// - the others (the store, the signed-in features, the page) are added by the start-up loader
//   (scripts/startupLoader.js, the one inline script the CSP allows) from its data-preload
//   attribute, one request per task from the task after the HTML's parse. They are requested
//   with the boot chunk, not after it: under Chromium's emulated network (the bench's and
//   Lighthouse's), which shares its bandwidth equally among the requests in flight, the boot
//   chunk, the largest file, then finishes last, but requesting the others a round trip later
//   (once the first response had arrived) left the network idle after the boot chunk, and the
//   session, which needs the store and the signed-in features as soon as the boot chunk has run,
//   waited for them: 0.1-0.2 s later to the first panel (bench/sections/signedIn.mjs).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { startupLoaderSource } = require('./startupScripts.js');

const NAME = 'ShellPreloadPlugin';

/**
 * What any signed-in first screen loads (webpackChunkName): the backend (`backend`, a tag in the
 * HTML), its document store (a restored session reads the profile at once) and the signed-in
 * features (app/signedInFeatures.ts, with the safety workers every sign-in starts).
 */
function signedInChunks(firebase) {
  // Firebase: the deferred backend and, since a returning signed-in user needs Auth at once, App and Auth too.
  return firebase
    ? { backend: ['backend-firebase', 'backend-firebase-auth'], others: ['backend-firestore', 'signed-in'] }
    : { backend: ['backend-local'], others: ['local-store', 'signed-in'] };
}

/**
 * The signed-in pages with a shell of their own (firebase.json rewrites each path to its file, as
 * does the service worker, sw/routing.ts), and their chunk: page and feature (app/routes.tsx).
 */
const SIGNED_IN_SHELLS = [
  { path: '/dashboard', file: 'dashboard.html', chunks: ['route-dashboard'] },
  { path: '/explore', file: 'explore.html', chunks: ['route-explore'] },
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
        data.headTags.push(...backendTags);
        return data;
      });
    });
  }
}

module.exports = { ShellPreloadPlugin, SIGNED_IN_SHELLS, signedInChunks };
