#!/usr/bin/env node
// Serves the production build the way Firebase Hosting serves it, so the browser tests and the
// bench see what users get: the rewrites and headers of firebase.json (read from it, not copied),
// gzip or brotli by Accept-Encoding (the `compression` middleware), ETags and conditional
// requests (`send`). Differences, on purpose: the Content-Security-Policy and HSTS headers are
// left out (over plain http on 127.0.0.1 `upgrade-insecure-requests` and HSTS would break every
// request), and a missing file with an extension is a 404 instead of the rewritten app shell,
// so a test that asks for a file that is not there sees it.
// Usage: node scripts/serve.mjs <dir> [--port N]     (e2e and bench import startServer instead)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import compression from 'compression';
import picomatch from 'picomatch';
import send from 'send';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOSTING = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')).hosting;

/** Hosting-only headers: meaningful over https on the real domain, harmful on http://127.0.0.1. */
const HOSTING_ONLY_HEADERS = new Set(['content-security-policy', 'strict-transport-security']);

// Firebase globs match the request path; `**` also matches paths with dots.
const globMatcher = (source) => picomatch(source, { dot: true });
const regexMatcher = (regex) => {
  const pattern = new RegExp(regex);
  return (urlPath) => pattern.test(urlPath);
};
const matcherOf = (rule) => (rule.regex ? regexMatcher(rule.regex) : globMatcher(rule.source));

const REWRITES = (HOSTING.rewrites ?? []).map((rule) => ({ matches: matcherOf(rule), destination: rule.destination }));
const HEADER_RULES = (HOSTING.headers ?? []).map((rule) => ({
  matches: matcherOf(rule),
  headers: rule.headers.filter(({ key }) => !HOSTING_ONLY_HEADERS.has(key.toLowerCase())),
}));

/** Every matching rule applies, in order, so a later rule overrides an earlier one (as on Hosting). */
function headersFor(urlPath) {
  const headers = {};
  for (const rule of HEADER_RULES) {
    if (!rule.matches(urlPath)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/** The first rewrite whose source matches, as on Hosting. */
function rewriteFor(urlPath) {
  return REWRITES.find((rule) => rule.matches(urlPath))?.destination ?? null;
}

async function isFile(filePath) {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

function sendText(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

/** The file a request path names, relative to the root: the path itself, or its directory's index.html. */
async function staticFileFor(root, urlPath) {
  const relative = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
  const resolved = path.join(root, path.normalize(relative));
  // path.join already collapses '..', but a request must never leave the served directory.
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  return (await isFile(resolved)) ? relative : null;
}

function createHandler(root) {
  const compress = compression({
    level: zlib.constants.Z_BEST_COMPRESSION,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } },
  });
  const handle = async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendText(res, 405, 'Method Not Allowed');
    }
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      return sendText(res, 400, 'Bad Request');
    }
    if (urlPath.includes('\0')) return sendText(res, 400, 'Bad Request');
    // Hosting's order: reserved /__/ paths, exact static files, then the rewrites.
    if (urlPath.startsWith('/__/')) return sendText(res, 404, 'Not Found');
    let file = await staticFileFor(root, urlPath);
    if (!file && !path.extname(urlPath)) {
      const destination = rewriteFor(urlPath);
      if (destination) file = await staticFileFor(root, destination);
    }
    if (!file) return sendText(res, 404, 'Not Found');

    // Headers are chosen by the requested path, not the rewritten file, as on Hosting.
    for (const [key, value] of Object.entries(headersFor(urlPath))) res.setHeader(key, value);
    send(req, file, { root, dotfiles: 'allow', index: false, cacheControl: false, etag: true, lastModified: true })
      .on('error', (error) => {
        if (!res.headersSent) sendText(res, error.status ?? 500, error.status === 404 ? 'Not Found' : 'Error');
        else res.destroy();
      })
      .pipe(res);
  };
  return (req, res) =>
    compress(req, res, () => {
      handle(req, res).catch(() => {
        if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
        else res.destroy();
      });
    });
}

/**
 * A certificate for 127.0.0.1 made for this run (openssl, one day), for the HTTP/2 server: browsers
 * speak HTTP/2 only over TLS. The browser is told to accept it (--ignore-certificate-errors).
 */
function throwawayCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'devtribe-cert-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Serves `dir` on 127.0.0.1; port 0 picks a free port. Resolves to { url, close }.
 * `http2: true` serves over HTTPS with HTTP/2, as Firebase Hosting does: every file a page asks for
 * goes out at once on one connection, where HTTP/1.1 queues all but six per host.
 */
export async function startServer({ dir, port = 0, http2 = false }) {
  const root = path.resolve(dir);
  const handler = createHandler(root);
  const server = http2
    ? createSecureServer({ ...throwawayCertificate(), allowHTTP1: true }, handler)
    : createServer(handler);
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  // Keep-alive sockets from Chromium would otherwise hold close() open until they time out.
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actualPort } = server.address();
  return {
    url: `${http2 ? 'https' : 'http'}://127.0.0.1:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        if (http2) for (const session of sessions) session.destroy();
        else server.closeAllConnections();
      }),
  };
}

function parseArgs(argv) {
  const args = { dir: 'dist', port: 8080 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--port') args.port = Number(argv[++i]);
    else if (arg.startsWith('--port=')) args.port = Number(arg.slice('--port='.length));
    else args.dir = arg;
  }
  if (!Number.isInteger(args.port) || args.port < 0) throw new Error('--port needs a whole number');
  return args;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { dir, port } = parseArgs(process.argv.slice(2));
  const { url, close } = await startServer({ dir, port });
  console.log(`Serving ${path.resolve(dir)} at ${url}`);
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
