import { adoptStaticFocus, watchStaticFocus } from './staticFocus';

const STATIC_PAGE =
  '<header><a href="/">DevTribe</a><a href="/login">Log in</a><a href="/signup">Sign up</a></header><main><h1>Log in</h1></main>';
const APP_PAGE =
  '<div class="app"><header><a href="/">DevTribe</a><a href="/login">Log in</a><a href="/signup">Sign up</a></header><main><input name="email"></main></div>';

function staticPage(): HTMLElement {
  document.body.innerHTML = `<div id="root">${STATIC_PAGE}</div>`;
  return document.getElementById('root')!;
}

const link = (container: HTMLElement, name: string) =>
  Array.from(container.querySelectorAll('a')).find((anchor) => anchor.textContent === name)!;

/** The app's first commit: the static markup goes, the app's comes. */
async function takeOver(container: HTMLElement, markup = APP_PAGE) {
  container.innerHTML = markup;
  await Promise.resolve();
}

describe('the static page hands its focus to the app', () => {
  it('focuses the app copy of the control tabbed to on the static page', async () => {
    const root = staticPage();
    watchStaticFocus(root);
    link(root, 'Log in').focus();
    link(root, 'Sign up').focus();
    await takeOver(root);
    expect(document.activeElement).toBe(document.body);
    adoptStaticFocus(root);
    expect(document.activeElement).toBe(link(root, 'Sign up'));
  });

  it('remembers a control already focused when the watch starts', async () => {
    const root = staticPage();
    link(root, 'Log in').focus();
    watchStaticFocus(root);
    await takeOver(root);
    adoptStaticFocus(root);
    expect(document.activeElement).toBe(link(root, 'Log in'));
  });

  it('leaves the focus alone when the person moved it out of the page', async () => {
    const root = staticPage();
    watchStaticFocus(root);
    link(root, 'Log in').focus();
    link(root, 'Log in').blur();
    await Promise.resolve();
    await takeOver(root);
    adoptStaticFocus(root);
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps what the app focused on its own', async () => {
    const root = staticPage();
    watchStaticFocus(root);
    link(root, 'Log in').focus();
    await takeOver(root);
    root.querySelector('input')!.focus();
    adoptStaticFocus(root);
    expect(document.activeElement).toBe(root.querySelector('input'));
  });

  it('does nothing when the app has no such control, and adopts only once', async () => {
    const root = staticPage();
    watchStaticFocus(root);
    link(root, 'Sign up').focus();
    await takeOver(root, '<main><input name="email"></main>');
    adoptStaticFocus(root);
    expect(document.activeElement).toBe(document.body);
    await takeOver(root);
    adoptStaticFocus(root);
    expect(document.activeElement).toBe(document.body);
  });
});
