import { act, screen, within } from '@testing-library/react';

import { initialSessionState } from '../../test/featureInternals';
import { createStoreWithSaga, renderWithProviders } from '../../test/renderWithProviders';
import { INSTALL_PROMPT_DISMISSED_KEY } from './dismissalStorage';
import { InstallPromptCard } from './InstallPromptCard';
import { installPromptSaga } from './installPromptSagas';
import { initialInstallPromptState, shown } from './installPromptSlice';

/** The real slice and saga behind the card; jsdom has no native install prompt. */
function renderCard() {
  const store = createStoreWithSaga(installPromptSaga, {
    session: { ...initialSessionState, status: 'signedOut' as const },
    installPrompt: { ...initialInstallPromptState, pathname: '/dashboard' },
  });
  const { user } = renderWithProviders(<InstallPromptCard />, { store, route: '/dashboard' });
  const show = () => act(() => void store.dispatch(shown({ trigger: 'timer' })));
  return { store, show, user, stop: () => store.task.cancel() };
}

let stopSaga: () => void = () => {};

beforeEach(() => window.localStorage.clear());
afterEach(() => stopSaga());

function setup() {
  const rendered = renderCard();
  stopSaga = rendered.stop;
  return rendered;
}

test('shows nothing until the saga says so', () => {
  setup();
  expect(screen.queryByRole('region', { name: 'Install DevTribe' })).not.toBeInTheDocument();
});

test("shows the spec's title, text and buttons", () => {
  const { show } = setup();
  show();
  const card = screen.getByRole('region', { name: 'Install DevTribe' });
  expect(within(card).getByRole('heading', { name: 'Install DevTribe' })).toBeInTheDocument();
  expect(card).toHaveTextContent('Add to your home screen for quick access and a better experience!');
  expect(within(card).getByRole('button', { name: 'Install App' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Close' })).toBeInTheDocument();
});

test.each(['Close', 'Maybe Later'])('%s hides the card and remembers it', async (buttonName) => {
  const { show, user } = setup();
  show();
  await user.click(screen.getByRole('button', { name: buttonName }));
  expect(screen.queryByRole('region', { name: 'Install DevTribe' })).not.toBeInTheDocument();
  expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBe('true');
});

describe('Install App without a native prompt', () => {
  test('opens the manual instructions for each platform, with focus inside', async () => {
    const { show, user } = setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Install App' }));

    const dialog = screen.getByRole('dialog', { name: 'How to install DevTribe' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Android (Chrome or Edge)' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/install icon in the address bar, or open the browser menu/);
    expect(within(dialog).getByRole('heading', { name: 'iPhone or iPad (Safari)' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Share.*Add to Home Screen.*Add\./);
    expect(within(dialog).getByRole('heading', { name: 'Other browsers' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/browser menu, or bookmark this page/);
    expect(within(dialog).getByRole('button', { name: 'Got it!' })).toHaveFocus();
  });

  test('Got it! closes the instructions, keeps the card and returns focus to Install App', async () => {
    const { show, user } = setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Install App' }));
    await user.click(screen.getByRole('button', { name: 'Got it!' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Install DevTribe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install App' })).toHaveFocus();
    expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBeNull();
  });

  test('Escape closes the instructions and returns focus to Install App', async () => {
    const { show, user } = setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Install App' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install App' })).toHaveFocus();
  });

  test('Tab and Shift+Tab stay inside the instructions', async () => {
    const { show, user } = setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Install App' }));
    const gotIt = screen.getByRole('button', { name: 'Got it!' });
    await user.tab();
    expect(gotIt).toHaveFocus();
    await user.tab({ shift: true });
    expect(gotIt).toHaveFocus();
  });
});
