// Signed-in arrivals (the PWA's start URL, bookmarks, a reload) get a shell whose HTML names the
// chunks their first screen needs as <link rel="preload">, so the browser fetches them beside
// main.js instead of after it has run: under mobile latency each step of the chain
// HTML -> main.js -> route and backend chunks -> store chunk was a round trip of its own.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'ShellPreloadPlugin';

/**
 * What any signed-in first screen loads (webpackChunkName): the backend, its document store (a
 * restored session reads the profile at once) and the signed-in features (app/signedInFeatures.ts,
 * with the safety workers every sign-in starts).
 */
function signedInChunks(firebase) {
  // Firebase: the deferred backend and, since a returning signed-in user needs Auth at once, App and Auth too.
  return firebase ? ['backend-firebase', 'backend-firebase-auth', 'backend-firestore', 'signed-in'] : ['backend-local', 'local-store', 'signed-in'];
}

/**
 * The signed-in pages with a shell of their own (firebase.json rewrites each path to its file, as
 * does the service worker, sw/routing.ts), and their chunk: page and feature (app/routes.tsx).
 */
const SIGNED_IN_SHELLS = [
  { path: '/dashboard', file: 'dashboard.html', chunks: ['route-dashboard'] },
  { path: '/explore', file: 'explore.html', chunks: ['route-explore'] },
];

/** Adds the preload links to each HTML file of `shells` (file name -> chunk names); main.js's own files are left out. */
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
        // After main.js and its stylesheet, so the browser asks for those first.
        for (const file of files) {
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: `${publicPath}${file}` }),
          );
        }
        return data;
      });
    });
  }
}

module.exports = { ShellPreloadPlugin, SIGNED_IN_SHELLS, signedInChunks };
