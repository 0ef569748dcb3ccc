(function () {
  var me = document.currentScript;
  function named(attribute) {
    return ((me && me.getAttribute(attribute)) || '').split(' ').filter(Boolean);
  }
  var later = named('data-preload-later');
  var files = named('data-src');
  function storedUser() {
    try {
      var tab = sessionStorage.getItem('devtribe.session');
      var saved = JSON.parse(tab !== null ? tab : localStorage.getItem('devtribe.lastUser') || 'null');
      if (saved && typeof saved.uid === 'string' && saved.uid) return true;
    } catch (error) {
      // unreadable or blocked: no local session known
    }
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i) || '';
        if (key.indexOf('firebase:authUser:') === 0 || key === 'devtribe.firebaseSession') return true;
      }
    } catch (error) {
      // blocked storage: no session known
    }
    return false;
  }
  if (me && me.getAttribute('data-session-check') !== null && storedUser()) {
    document.documentElement.setAttribute('data-session', 'maybe');
  }
  var started = false;
  var observer = null;
  function preload(urls) {
    for (var i = 0; i < urls.length; i++) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = /\.css$/.test(urls[i]) ? 'style' : 'script';
      link.href = urls[i];
      document.head.appendChild(link);
    }
  }
  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    for (var i = 0; i < files.length; i++) {
      var script = document.createElement('script');
      script.src = files[i];
      script.async = false;
      document.head.appendChild(script);
    }
  }
  if (later.length > 0) {
    // A round trip after the HTML's first requests: once the first of them has arrived.
    try {
      var arrivals = new PerformanceObserver(function (list) {
        if (list.getEntries().length === 0) return;
        arrivals.disconnect();
        preload(later);
      });
      arrivals.observe({ type: 'resource', buffered: true });
    } catch (error) {
      setTimeout(function () {
        preload(later);
      }, 0);
    }
  }
  if (files.length === 0) return;
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver !== 'function') return start();
  setTimeout(start, 1000);
  try {
    observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch (error) {
    start();
  }
})();
