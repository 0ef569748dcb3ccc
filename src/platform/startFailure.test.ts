import { showStartFailure, START_FAILURE_MESSAGE } from './startup';

function staticPage(withSplash: boolean) {
  document.body.innerHTML = withSplash
    ? '<div id="root"><div id="splash" role="status"><div class="mark"></div><p>Starting DevTribe…</p></div></div>'
    : '<div id="root"><main><h1>Log in</h1><input name="email" disabled></main></div>';
}

describe('showStartFailure', () => {
  it('says the app could not start above the static page, which stays, and offers a reload', () => {
    staticPage(false);
    const reload = jest.fn();
    showStartFailure(document, reload);
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(START_FAILURE_MESSAGE);
    expect(document.getElementById('root')!.firstElementChild).toBe(alert);
    expect(document.querySelector('h1')!.textContent).toBe('Log in');
    (alert.querySelector('button') as HTMLButtonElement).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('replaces the splash text, and shows one notice however often it is called', () => {
    staticPage(true);
    showStartFailure(document, jest.fn());
    showStartFailure(document, jest.fn());
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('Starting DevTribe');
  });
});
