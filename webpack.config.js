// One config for `npm start` (development server on the embedded backend) and `npm run build`.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { buildConfig, TYPESCRIPT_RULE } = require('./scripts/buildConfig.js');
const { createPrerenderer, PRERENDERED_PAGES, SHELL_FILE } = require('./scripts/prerender.js');
const { ShellPreloadPlugin, SIGNED_IN_SHELLS, signedInChunks } = require('./scripts/shellPreloads.js');
const { BOOT_CHUNK, STORE_CHUNK, StartupScriptsPlugin } = require('./scripts/startupScripts.js');

/**
 * A test for the files of the chunks a signed-in first screen runs at once (the shells' lists,
 * scripts/shellPreloads.js), marked for V8's eager compilation (`//# allFunctionsCalledOnLoad`,
 * V8's explicit compile hints): each is then compiled on a background thread while it streams in,
 * instead of one function at a time on the main thread as the store starts and React first
 * renders. With an empty cache that was 0.08-0.1 s of the first panel at 4x CPU
 * (bench/sections/signedIn.mjs); a returning visit runs from the code cache either way.
 */
function eagerCompiledChunks(signedIn) {
  const names = new Set([...signedIn.others, ...SIGNED_IN_SHELLS.flatMap((shell) => shell.chunks)]);
  return new RegExp(`^assets/(?:${[...names].join('|')})\\.[0-9a-f]+\\.js$`);
}

/** The spec's script chunk load timeout: 120 s. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  const outputPath = path.resolve(__dirname, process.env.DEVTRIBE_OUT_DIR || 'dist');
  const appConfig = buildConfig(production);
  const defineConfig = JSON.stringify(appConfig);
  // Production: each public page prerendered into its own HTML file, and app.html (the splash)
  // for every other path; the main signed-in pages get a copy of it that preloads their chunks.
  // Development keeps the single index.html with the splash.
  const prerenderer = createPrerenderer({ context: __dirname, defineConfig });
  const signedIn = signedInChunks(appConfig.firebase);
  const shellPreloads = new Map([
    [SHELL_FILE, signedIn],
    ...SIGNED_IN_SHELLS.map((shell) => [
      shell.file,
      { backend: signedIn.backend, others: [...signedIn.others, ...shell.chunks] },
    ]),
  ]);
  const htmlPages = production
    ? [
        ...[...PRERENDERED_PAGES.map((page) => page.file), SHELL_FILE].map(
          (file) =>
            new HtmlWebpackPlugin({
              filename: file,
              templateContent: () => prerenderer.templateFor(file),
              scriptLoading: 'defer',
            }),
        ),
        ...SIGNED_IN_SHELLS.map(
          (shell) =>
            new HtmlWebpackPlugin({
              filename: shell.file,
              templateContent: () => prerenderer.templateFor(SHELL_FILE),
              scriptLoading: 'defer',
            }),
        ),
        new ShellPreloadPlugin(shellPreloads),
        // The prerendered pages request their scripts after the first paint; the shells at once.
        new StartupScriptsPlugin({
          delayed: PRERENDERED_PAGES.map((page) => page.file),
          sessionChecked: PRERENDERED_PAGES.filter((page) => page.guestOnly).map((page) => page.file),
        }),
      ]
    : [new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer' })];

  return {
    mode: production ? 'production' : 'development',
    // A small entry (styles, the install-event listener, webpack's runtime) that imports the store
    // and then the app, React included, as two chunks: src/main.tsx.
    entry: { main: './src/main.tsx' },
    output: {
      path: outputPath,
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        TYPESCRIPT_RULE,
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // Web workers (src/ui/markdown/highlight.worker.ts) and all they import form the "worker"
        // layer, resolved with the package exports' "worker" condition: a package's "browser"
        // build may use the DOM (micromark's entity decoder does), which a worker does not have.
        { test: /\.worker\.ts$/, layer: 'worker', resolve: { conditionNames: ['worker', '...'] } },
        { issuerLayer: 'worker', resolve: { conditionNames: ['worker', '...'] } },
      ],
    },
    experiments: { layers: true },
    plugins: [
      new webpack.DefinePlugin({ __DEVTRIBE_CONFIG__: defineConfig }),
      ...htmlPages,
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      // After the minifier (which drops comments), before the source maps are made: they stay exact.
      ...(production
        ? [
            new webpack.BannerPlugin({
              banner: '//# allFunctionsCalledOnLoad',
              raw: true,
              test: eagerCompiledChunks(signedIn),
              stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
          ]
        : []),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
      }),
      // The service worker (sw/) at the fixed root path; production only, so `npm start` never caches.
      ...(production
        ? [
            new InjectManifest({
              swSrc: './sw/service-worker.ts',
              swDest: 'service-worker.js',
              // Every route chunk is precached so each route opens offline; source maps and licences are not.
              exclude: [/\.map$/, /\.LICENSE\.txt$/],
              maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
              // Hashed file names are their own revision: no cache-busting query needed.
              dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
            }),
          ]
        : []),
    ],
    optimization: {
      // webpack's own HTML minimizer would rewrite the inline start-up script (scripts/startupLoader.js)
      // after its hash went into the CSP; HtmlWebpackPlugin still minifies the HTML and leaves scripts as they are.
      minimizeOptions: { html: false },
      // Route chunks come from React.lazy imports; vendor code shared by several routes is split once.
      // The start-up chunks (the store, then React DOM and the app, src/main.tsx) stay one file
      // each: the HTML names them (scripts/startupScripts.js), so none of it may move into a chunk
      // the HTML does not name.
      splitChunks: {
        chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== BOOT_CHUNK && chunk.name !== STORE_CHUNK,
      },
    },
    performance: { hints: false },
    devServer: {
      host: process.env.HOST || 'localhost',
      port: Number(process.env.PORT || 8080),
      historyApiFallback: true,
      open: false,
      client: { overlay: { warnings: false } },
    },
  };
};
