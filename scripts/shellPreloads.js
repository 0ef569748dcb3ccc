// Signed-in arrivals (the PWA's start URL, bookmarks, a reload) get a shell whose HTML names the
// chunks their first screen needs, to preload, so the browser fetches them beside main.js instead
// of after it has run: under mobile latency each step of the chain HTML -> main.js -> route and
// backend chunks -> store chunk was a round trip of its own.
//
// The start-up loader (scripts/startupLoader.js, the one inline script the CSP allows) adds the
// <link rel="preload"> tags from its data-preload attribute, in a task of its own just after the
// HTML's first parse. As plain <link> tags in the HTML, the browser's preload scanner requested all
// eight in the navigation's commit task, which made it a long task at 4x CPU (about 95 ms, 25 ms of
// it those requests); the requests still go out a few milliseconds after the HTML arrives.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { startupLoaderSource } = require('./startupScripts.js');

const NAME = 'ShellPreloadPlugin';

/**
 * What any signed-in first screen loads (webpackChunkName): the backend, its document store (a
 * restored session reads the profile at once) and the signed-in features (app/signedInFeatures.ts,
 * with the safety workers every sign-in starts).
 */
function signedInChunks(firebase) {
  // Firebase: the deferred backend and, since a returning signed-in user needs Auth at once, App and Auth too.
  return firebase
    ? ['backend-firebase', 'backend-firebase-auth', 'backend-firestore', 'signed-in']
    : ['backend-local', 'local-store', 'signed-in'];
}

/**
 * The signed-in pages with a shell of their own (firebase.json rewrites each path to its file, as
 * does the service worker, sw/routing.ts), and their chunk: page and feature (app/routes.tsx).
 */
const SIGNED_IN_SHELLS = [
  { path: '/dashboard', file: 'dashboard.html', chunks: ['route-dashboard'] },
  { path: '/explore', file: 'explore.html', chunks: ['route-explore'] },
];

/** Adds the start-up loader preloading the chunks' files to each HTML file of `shells` (file name -> chunk names); main.js's own files are left out. */
class ShellPreloadPlugin {
  constructor(shells) {
    this.shells = shells;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const names = this.shells.get(data.outputName);
        if (!names) return data;
        const entryFiles = new Set(compilation.entrypoints.get('main').getFiles());
        const files = new Set();
        for (const name of names) {
          const group = compilation.namedChunkGroups.get(name);
          // A renamed chunk must not silently turn the preloads off.
          if (!group) throw new Error(`${NAME}: no chunk named "${name}" (see scripts/shellPreloads.js)`);
          for (const file of group.getFiles()) if (/\.(?:js|css)$/.test(file) && !entryFiles.has(file)) files.add(file);
        }
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/');
        // Before the stylesheet: an inline script after a pending stylesheet waits for it to load
        // (a round trip and more), and the preloads with it. Its timer still lets the parser
        // request main.js, the boot chunk and the stylesheet first.
        const preloads = [...files].map((file) => `${publicPath}${file}`);
        const loader = HtmlWebpackPlugin.createHtmlTagObject(
          'script',
          { 'data-preload': preloads.join(' ') },
          startupLoaderSource(),
        );
        const stylesheet = data.headTags.findIndex(
          (tag) => tag.tagName === 'link' && tag.attributes.rel === 'stylesheet',
        );
        data.headTags.splice(stylesheet < 0 ? data.headTags.length : stylesheet, 0, loader);
        return data;
      });
    });
  }
}

module.exports = { ShellPreloadPlugin, SIGNED_IN_SHELLS, signedInChunks };
