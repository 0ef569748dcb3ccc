import { GTAG_SCRIPT_URL, startAnalytics, trackEvent } from './analytics';
import { reportVitalToAnalytics } from './vitals';

afterEach(() => {
  delete window.gtag;
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('analytics', () => {
  it('stays off outside production and without an analytics id', () => {
    expect(startAnalytics({ production: false, analyticsId: 'G-TEST' })).toBe(false);
    expect(startAnalytics({ production: true, analyticsId: null })).toBe(false);
    expect(window.gtag).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('installs the global tag function and loads gtag.js with the id', () => {
    expect(startAnalytics({ production: true, analyticsId: 'G-TEST' })).toBe(true);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe(`${GTAG_SCRIPT_URL}?id=G-TEST`);
    trackEvent('LCP', { value: 1200 });
    const queued = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(queued[1]).toEqual(['config', 'G-TEST', { anonymize_ip: true }]);
    expect(queued[2]).toEqual(['event', 'LCP', { value: 1200 }]);
  });

  it('sends vitals as events, CLS scaled to an integer', () => {
    window.gtag = jest.fn();
    reportVitalToAnalytics({ name: 'CLS', value: 0.0123, id: 'v1', rating: 'good' });
    expect(window.gtag).toHaveBeenCalledWith(
      'event',
      'CLS',
      expect.objectContaining({ value: 12, metric_id: 'v1', non_interaction: true }),
    );
  });

  it('never throws, with or without a tag function', () => {
    expect(() => trackEvent('x')).not.toThrow();
    window.gtag = () => {
      throw new Error('blocked');
    };
    expect(() => trackEvent('x')).not.toThrow();
  });
});
