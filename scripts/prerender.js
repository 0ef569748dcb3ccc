// Prerendered public pages for the production build (webpack.config.js): src/prerender.tsx is
// bundled for Node with the same build settings, run once, and each public page's markup goes
// into its own copy of public/index.html (its title and #root), which HtmlWebpackPlugin then
// finishes like index.html (script and style tags, minification). app.html keeps the splash: it
// is the shell every other path gets (firebase.json's rewrites, the service worker's fallback).
const { mkdirSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');

const { TYPESCRIPT_RULE } = require('./buildConfig.js');

const TEMPLATE = path.resolve(__dirname, '..', 'public', 'index.html');
/** #root and all it holds: the last element before </body>. */
const SPLASH = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
const TITLE = '<title>DevTribe</title>';
/** The splash element itself (inside #root). */
const SPLASH_ELEMENT = /<div id="splash"[\s\S]*<\/div>(?=<\/div>$)/;

/** The shell for every path that has no page of its own. */
const SHELL_FILE = 'app.html';

/**
 * The pages a signed-out visitor arrives on and their files (firebase.json rewrites each path to
 * its file). `guestOnly`: a signed-in visitor is sent on to the dashboard, so the page also holds
 * the splash, hidden, which the start-up loader shows instead of the form when a session may exist
 * (scripts/startupScripts.js), until the first auth check.
 */
const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/learn-more', file: 'learn-more.html' },
  { path: '/login', file: 'login.html', guestOnly: true },
  { path: '/signup', file: 'signup.html', guestOnly: true },
  { path: '/forgot-password', file: 'forgot-password.html' },
];

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function serverConfig({ context, outDir, defineConfig }) {
  return {
    mode: 'production',
    context,
    target: 'node20',
    entry: './src/prerender.tsx',
    output: { path: outDir, filename: 'prerender.js', library: { type: 'commonjs2' } },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        TYPESCRIPT_RULE,
        // Styles are the browser build's business; the markup only needs the modules to load.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    // Packages are required from node_modules at run time rather than bundled: only the app's
    // own modules are compiled, which keeps this step a few seconds.
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => (/^[@a-z]/i.test(request) ? callback(null, `commonjs ${request}`) : callback()),
    ],
    plugins: [
      new webpack.DefinePlugin({ __DEVTRIBE_CONFIG__: defineConfig }),
      // One file: the route chunks the pages load lazily are all in it, so nothing to fetch.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // No minifying: this bundle runs once at build time.
    optimization: { minimize: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  };
}

function compile(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/**
 * Returns { templateFor(file) }: the HTML template of a prerendered page's file or of the shell,
 * for HtmlWebpackPlugin's templateContent. The Node bundle is built and run once, on first use.
 */
function createPrerenderer({ context, defineConfig }) {
  let rendered = null;
  const template = () => readFileSync(TEMPLATE, 'utf8');

  async function renderAll() {
    // Inside the project, so the bundle's require() finds node_modules.
    const cacheDir = path.join(context, 'node_modules', '.cache');
    mkdirSync(cacheDir, { recursive: true });
    const outDir = mkdtempSync(path.join(cacheDir, 'devtribe-prerender-'));
    try {
      await compile(serverConfig({ context, outDir, defineConfig }));
      const bundle = require(path.join(outDir, 'prerender.js'));
      const pages = new Map();
      for (const page of PRERENDERED_PAGES) pages.set(page.file, await bundle.renderPage(page.path));
      return pages;
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  async function templateFor(file) {
    const source = template();
    if (!SPLASH.test(source) || !source.includes(TITLE))
      throw new Error(`${TEMPLATE} no longer has the splash or title prerender.js replaces`);
    if (file === SHELL_FILE) return source;
    rendered ??= renderAll();
    const page = (await rendered).get(file);
    if (!page) throw new Error(`No prerendered page for ${file}`);
    const guestOnly = PRERENDERED_PAGES.some((entry) => entry.file === file && entry.guestOnly);
    const splash = SPLASH_ELEMENT.exec(SPLASH.exec(source)[0])?.[0];
    if (guestOnly && !splash) throw new Error(`${TEMPLATE}: no #splash element to keep on ${file}`);
    const hiddenSplash = guestOnly ? splash.replace('<div id="splash"', '<div id="splash" hidden') : '';
    return source
      .replace(TITLE, `<title>${escapeHtml(page.title)}</title>`)
      .replace(SPLASH, () => `<div id="root">${hiddenSplash}${page.html}</div>`);
  }

  return { templateFor };
}

module.exports = { createPrerenderer, PRERENDERED_PAGES, SHELL_FILE };
