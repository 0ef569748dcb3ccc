// 'Loading...' on an in-app navigation whose route code is on its way (spec section 2): React
// Router renders navigations as transitions, so the lazy page's Suspense fallback never shows;
// Layout shows the spinner where the page goes instead, after ROUTE_PENDING_DELAY_MS, keeping
// the header, and never for a route whose code is already there.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

import { createStoreWithoutSagas } from '../test/renderWithProviders';
import { Layout } from './Layout';
import { routeLazy } from './lazyFeaturePage';
import { resetRouteLoading, ROUTE_PENDING_DELAY_MS } from './routeLoading';

type PageModule = { default: ComponentType };

/** A route page whose chunk arrives when the test says so. */
function slowPage(name: string) {
  let arrive: () => void = () => undefined;
  const chunk = new Promise<PageModule>((resolve) => {
    arrive = () => resolve({ default: () => <h1>{name}</h1> });
  });
  const load = jest.fn(() => chunk);
  return {
    Page: routeLazy(load),
    load,
    arrive: () =>
      act(async () => {
        arrive();
        await chunk;
      }),
  };
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

function renderApp(routes: { path: string; Page: ComponentType }[]) {
  const store = createStoreWithoutSagas();
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <BrowserRouter>
        <nav aria-label="Test">
          {routes.map(({ path }) => (
            <Link key={path} to={path}>
              {`Go ${path}`}
            </Link>
          ))}
        </nav>
        <Routes>
          <Route element={<Layout />}>
            {routes.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Route>
        </Routes>
      </BrowserRouter>
    </Provider>,
  );
  return user;
}

const Home = () => <h1>Home page</h1>;
const status = () => screen.getAllByRole('status').find((element) => element.classList.contains('route-status'));
const main = () => document.getElementById('main');

beforeEach(() => {
  resetRouteLoading();
  window.history.replaceState(null, '', '/');
});

describe("'Loading...' on an in-app navigation", () => {
  it('shows where the page goes while the route code is on its way, after a moment, with the header still there', async () => {
    const tribes = slowPage('Tribes page');
    const user = renderApp([
      { path: '/', Page: Home },
      { path: '/tribes', Page: tribes.Page },
    ]);
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(status()).toBeEmptyDOMElement();

    await user.click(screen.getByRole('link', { name: 'Go /tribes' }));
    expect(tribes.load).toHaveBeenCalled();
    // A fast navigation does not flicker: nothing yet.
    expect(status()).toBeEmptyDOMElement();
    expect(main()).not.toHaveClass('main--route-pending');

    await wait(ROUTE_PENDING_DELAY_MS + 50);
    expect(status()).toHaveTextContent('Loading...');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(main()).toHaveClass('main--route-pending');
    expect(main()).toHaveAttribute('aria-busy', 'true');
    // The header stays; the previous page is hidden (still mounted: a transition keeps it).
    expect(screen.getByRole('banner')).toBeInTheDocument();

    await tribes.arrive();
    expect(await screen.findByRole('heading', { name: 'Tribes page' })).toBeInTheDocument();
    expect(status()).toBeEmptyDOMElement();
    expect(main()).not.toHaveClass('main--route-pending');
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('never shows for a route whose code is already loaded', async () => {
    const explore = slowPage('Explore page');
    const user = renderApp([
      { path: '/', Page: Home },
      { path: '/explore', Page: explore.Page },
    ]);
    await user.click(screen.getByRole('link', { name: 'Go /explore' }));
    await explore.arrive();
    expect(await screen.findByRole('heading', { name: 'Explore page' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go /' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go /explore' }));
    expect(await screen.findByRole('heading', { name: 'Explore page' })).toBeInTheDocument();
    await wait(ROUTE_PENDING_DELAY_MS + 50);
    expect(status()).toBeEmptyDOMElement();
    expect(explore.load).toHaveBeenCalledTimes(1);
  });

  it('never shows when the code arrives within the moment', async () => {
    const projects = slowPage('Projects page');
    const user = renderApp([
      { path: '/', Page: Home },
      { path: '/project-matchmaking', Page: projects.Page },
    ]);
    await user.click(screen.getByRole('link', { name: 'Go /project-matchmaking' }));
    await wait(ROUTE_PENDING_DELAY_MS / 3);
    await projects.arrive();
    expect(await screen.findByRole('heading', { name: 'Projects page' })).toBeInTheDocument();
    await wait(ROUTE_PENDING_DELAY_MS);
    expect(status()).toBeEmptyDOMElement();
    expect(main()).not.toHaveClass('main--route-pending');
  });
});
