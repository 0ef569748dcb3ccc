(function () {
  var me = document.currentScript;
  var files = (me && me.getAttribute('data-src') || '').split(' ').filter(Boolean);
  var started = false;
  var observer = null;
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
