#!/usr/bin/env node
// A dependency-free static server for the production build, shaped like the hosting it will get:
// SPA fallback for navigations, long-lived caching for hashed assets, none for the entry points.
// Usage: node scripts/serve.mjs <dir> [--port N]     (e2e and bench import startServer instead)
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

function cacheControl(urlPath) {
  // The entry points must be revalidated, or a deploy would never reach returning visitors.
  if (urlPath === '/' || urlPath === '/index.html' || urlPath === '/service-worker.js') return 'no-cache';
  // Everything under /assets/ carries a content hash in its name.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

async function fileAt(filePath) {
  try {
    const info = await stat(filePath);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function createHandler(root) {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'Method Not Allowed');
    }
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      return send(res, 400, 'Bad Request');
    }
    const resolved = path.join(root, path.normalize(urlPath));
    // path.join already collapses '..', but a request must never leave the served directory.
    if (resolved !== root && !resolved.startsWith(root + path.sep)) return send(res, 403, 'Forbidden');

    let servedPath = urlPath;
    let filePath = urlPath.endsWith('/') ? path.join(resolved, 'index.html') : resolved;
    let info = await fileAt(filePath);
    // Navigations (no extension) get the app shell; /__/ is reserved for the backend's own
    // handlers (as in Firebase Hosting) and a missing file with an extension is a real 404.
    if (!info && !path.extname(urlPath) && !urlPath.startsWith('/__/')) {
      servedPath = '/index.html';
      filePath = path.join(root, 'index.html');
      info = await fileAt(filePath);
    }
    if (!info) return send(res, 404, 'Not Found');

    res.writeHead(200, {
      'Content-Type': MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': cacheControl(servedPath),
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(filePath)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

/** Serves `dir` on 127.0.0.1; port 0 picks a free port. Resolves to { url, close }. */
export async function startServer({ dir, port = 0 }) {
  const root = path.resolve(dir);
  const handle = createHandler(root);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
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
    url: `http://127.0.0.1:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
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
