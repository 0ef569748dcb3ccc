import { ERROR_FALLBACK, showStartFailure } from './startup';

function staticPage() {
  document.body.innerHTML = '<div id="root"><main><h1>Log in</h1><input name="email" disabled></main></div>';
}

describe('showStartFailure', () => {
  it("replaces the static page with the spec's error fallback: title, statement, technical details, Reload Page", () => {
    staticPage();
    const reload = jest.fn();
    showStartFailure(new Error('Loading chunk 583 failed.'), document, reload);
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.querySelector('h1')!.textContent).toBe('Something went wrong');
    expect(alert.textContent).toContain('There was an error loading DevTribe. Reloading the page usually fixes it.');
    expect(alert.querySelector('details summary')!.textContent).toBe('Technical details');
    expect(alert.querySelector('details pre')!.textContent).toBe('Error: Loading chunk 583 failed.');
    expect(document.querySelector('input')).toBeNull();
    (alert.querySelector('button') as HTMLButtonElement).click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(alert.querySelector('button')!.textContent).toBe(ERROR_FALLBACK.reload);
  });

  it('shows one fallback however often it is called', () => {
    staticPage();
    showStartFailure(new Error('a'), document, jest.fn());
    showStartFailure(new Error('b'), document, jest.fn());
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });
});
