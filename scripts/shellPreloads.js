// Signed-in arrivals (the PWA's start URL, bookmarks, a reload) get a shell whose HTML names the
// chunks their first screen needs, to preload, so the browser fetches them beside main.js instead
// of after it has run: under mobile latency each step of the chain HTML -> main.js -> route and
// backend chunks -> store chunk was a round trip of its own.
//
// Two steps:
// - the backend's chunk, as a <link rel="preload"> tag in the head, requested with main.js and the
//   boot chunk: the entry (src/main.tsx) starts the backend as soon as it runs, while the boot
//   chunk still downloads. (One request more in the navigation's commit task, where the browser's
//   preload scanner makes them; it made all of them there once, a long task at 4x CPU.)
// - the rest (the store, the signed-in features, the page), added by the start-up loader
//   (scripts/startupLoader.js, the one inline script the CSP allows) from its data-preload-later
//   attribute, a round trip later: once the first of the HTML's requests has arrived. Requested
//   with the boot chunk, they shared the bandwidth with it, and the boot chunk, the largest file
//   and the one everything else waits for, finished last; requested a round trip later, their
//   bytes come after most of its bytes, and they download while it is evaluated. (An HTTP/2
//   server may send high-priority scripts first anyway; Chromium's emulated network, the bench's
//   and Lighthouse's, shares its bandwidth equally among the requests in flight.) Served by the
//   service worker, the first request arrives at once, and so the rest go out at once too.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { startupLoaderSource } = require('./startupScripts.js');

const NAME = 'ShellPreloadPlugin';

/**
 * What any signed-in first screen loads (webpackChunkName): the backend (`now`), then its document
 * store (a restored session reads the profile at once) and the signed-in features
 * (app/signedInFeatures.ts, with the safety workers every sign-in starts) (`later`).
 */
function signedInChunks(firebase) {
  // Firebase: the deferred backend and, since a returning signed-in user needs Auth at once, App and Auth too.
  return firebase
    ? { now: ['backend-firebase', 'backend-firebase-auth'], later: ['backend-firestore', 'signed-in'] }
    : { now: ['backend-local'], later: ['local-store', 'signed-in'] };
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
 * Adds the start-up loader preloading the chunks' files to each HTML file of `shells` (file name ->
 * { now, later } chunk names); main.js's own files are left out, and a file both lists share is
 * preloaded now.
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
        const now = filesOf(chunks.now, new Set());
        const later = filesOf(chunks.later, now);
        const urls = (files) => [...files].map((file) => `${publicPath}${file}`);
        const nowTags = urls(now).map((href) =>
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
          { 'data-preload-later': urls(later).join(' ') },
          startupLoaderSource(),
        );
        const stylesheet = data.headTags.findIndex(
          (tag) => tag.tagName === 'link' && tag.attributes.rel === 'stylesheet',
        );
        data.headTags.splice(stylesheet < 0 ? data.headTags.length : stylesheet, 0, loader);
        data.headTags.push(...nowTags);
        return data;
      });
    });
  }
}

module.exports = { ShellPreloadPlugin, SIGNED_IN_SHELLS, signedInChunks };
