// The hosting Content-Security-Policy (firebase.json) lets App Check work when it is switched on:
// reCAPTCHA's script and frames, and the App Check token exchange. A CSP that forgets one of
// them breaks every data call once enforcement is on, and nothing here would notice otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface HostingHeader {
  key: string;
  value: string;
}
interface FirebaseJson {
  hosting: { headers: { source: string; headers: HostingHeader[] }[] };
}

const firebaseJson = JSON.parse(readFileSync(path.join(__dirname, '../../../firebase.json'), 'utf8')) as FirebaseJson;

function cspDirectives(): Map<string, string[]> {
  const csp = firebaseJson.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy');
  if (!csp) throw new Error('firebase.json has no Content-Security-Policy');
  return new Map(
    csp.value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** CSP source matching for https URLs: a source ending in '/' allows that path prefix, else the exact path or host. */
function allows(directive: string, url: string): boolean {
  const sources = cspDirectives().get(directive) ?? [];
  return sources.some((source) => {
    if (!source.startsWith('https://')) return false;
    if (source.endsWith('/')) return url.startsWith(source);
    const { origin, pathname } = new URL(url);
    return source === origin || source === `${origin}${pathname}`;
  });
}

describe('the hosting CSP and App Check', () => {
  it.each([
    'https://www.google.com/recaptcha/enterprise.js',
    'https://www.google.com/recaptcha/api.js',
    'https://www.gstatic.com/recaptcha/releases/x/recaptcha__en.js',
  ])('lets the page load %s', (url) => expect(allows('script-src', url)).toBe(true));

  it.each(['https://www.google.com/recaptcha/api2/anchor?k=x', 'https://recaptcha.google.com/recaptcha/api2/bframe'])(
    'lets reCAPTCHA frame %s',
    (url) => expect(allows('frame-src', url)).toBe(true),
  );

  it('lets the SDK exchange reCAPTCHA tokens for App Check tokens', () => {
    expect(
      allows(
        'connect-src',
        'https://content-firebaseappcheck.googleapis.com/v1/projects/p/apps/a:exchangeRecaptchaEnterpriseToken',
      ),
    ).toBe(true);
  });

  it('allows nothing wider than those paths', () => {
    expect(allows('script-src', 'https://www.google.com/maps/api.js')).toBe(false);
    expect(allows('frame-src', 'https://www.google.com/')).toBe(false);
  });
});
