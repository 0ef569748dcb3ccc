(function () {
  var me = document.currentScript;
  function named(attribute) {
    return ((me && me.getAttribute(attribute)) || '').split(' ').filter(Boolean);
  }
  var preloads = named('data-preload');
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
    // One request per task: each takes the main thread several milliseconds at mobile CPU speeds,
    // and eight in one task made it a long task.
    var next = 0;
    (function request() {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = /\.css$/.test(urls[next]) ? 'style' : 'script';
      link.href = urls[next];
      document.head.appendChild(link);
      next += 1;
      if (next < urls.length) setTimeout(request, 0);
    })();
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
  if (preloads.length > 0) {
    setTimeout(function () {
      preload(preloads);
    }, 0);
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
