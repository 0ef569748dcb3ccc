// Build-time entry (Node, bundled by scripts/prerender.js): renders the public pages with the
// app's own routes and components, signed out, so each page's HTML file shows the real page
// until the first auth check instead of a splash. The browser entry is index.tsx.

import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';

import type { RootState } from './app/rootReducer';
import { rootReducer } from './app/rootReducer';
import { AppRoutes } from './app/routes';
import { pageTitle } from './app/titles';
import type { AuthProviderId } from './backend/port';
import { config } from './config';
import { initialSessionState } from './features/session/sessionSlice';

/** What the Firebase adapter offers (backend/firebase/socialProviders.ts); the local one offers none. */
const FIREBASE_PROVIDERS: AuthProviderId[] = ['google', 'github'];

// Form controls are disabled until the app starts, so nothing typed into the static page is lost.
const FORM_CONTROL = /<(input|button|select|textarea)\b(?![^>]*\sdisabled)/g;

/**
 * The element's HTML once every Suspense boundary has resolved (React 18's renderToPipeableStream
 * with onAllReady: unlike renderToString, it waits for the lazy route to load instead of writing
 * the spinner; piped only when all is ready, the boundaries are written in place, with no scripts).
 */
function renderWhenAllReady(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/** The page as the app renders it for a signed-out visitor, once its route chunk has loaded. */
export async function renderPage(pathname: string): Promise<{ title: string; html: string }> {
  const store = configureStore({
    // tsc needs the cast (a combined slice reducer with lazy slices is not a Reducer of its
    // preloaded state's type); the lint's type program does not see why.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    reducer: rootReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState: {
      session: { ...initialSessionState, status: 'signedOut', providers: config.firebase ? FIREBASE_PROVIDERS : [] },
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }),
  });
  const rendered = await renderWhenAllReady(
    <Provider store={store}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </Provider>,
  );
  const html = rendered.replace(FORM_CONTROL, '<$1 disabled=""');
  return { title: pageTitle(pathname), html };
}
