// Where a failure goes: reportError hands it to the installed reporter (the console until
// production monitoring installs Sentry); logError, for the failures the spec says are logged,
// writes the console line in every build and reports it as well.
import { logError, logToConsole, reportError, setErrorReporter } from './errorReporting';

afterEach(() => setErrorReporter(logToConsole));

describe('reportError', () => {
  it('goes to the installed reporter only', () => {
    const reported = jest.fn();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setErrorReporter(reported);
    const error = new Error('boom');
    reportError(error, { description: 'It broke:' });
    expect(reported).toHaveBeenCalledWith(error, { description: 'It broke:' });
    expect(log).not.toHaveBeenCalled();
  });

  it('never throws, whatever the reporter does', () => {
    setErrorReporter(() => {
      throw new Error('reporter down');
    });
    expect(() => reportError(new Error('boom'))).not.toThrow();
  });
});

describe('logError', () => {
  it('writes the console line once when the console is the reporter (development, tests, no DSN)', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('offline');
    logError(error, { description: 'Profile refresh failed:' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Profile refresh failed:', error);
  });

  it('writes the console line and reports the error when error reporting is on', () => {
    const reported = jest.fn();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setErrorReporter(reported);
    const error = new TypeError('Failed to fetch');
    logError(error, { description: 'Service worker registration failed:' });
    expect(log).toHaveBeenCalledWith('Service worker registration failed:', error);
    expect(reported).toHaveBeenCalledWith(error, { description: 'Service worker registration failed:' });
  });

  it('keeps a warning a warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    logError(new Error('slow'), { description: 'Took long:', level: 'warning' });
    expect(warn).toHaveBeenCalledWith('Took long:', new Error('slow'));
  });

  it('never throws, whatever the console or the reporter does', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console gone');
    });
    setErrorReporter(() => {
      throw new Error('reporter down');
    });
    expect(() => logError(new Error('boom'))).not.toThrow();
  });
});
