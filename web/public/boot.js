/* global document, window, requestAnimationFrame, setTimeout */
// Loads the web app's scripts for a page the server has rendered, once that page and its visible
// images have painted (docs/decisions/029): on a slow phone network the scripts then never
// compete with what the fan came to see, which needs nothing but the HTML and a cover or two.
// The server puts the entry and its chunks in data-*.
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var chunks = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function load() {
    if (started) return;
    started = true;
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the load event (the page's eager images are in), the next frame; the timeout runs just
  // after that frame is painted.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
  // A fan who reaches for the page before then gets its scripts at once.
  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    window.addEventListener(type, load, { once: true, passive: true, capture: true });
  });
  if (document.readyState === 'complete') afterPaint();
  else {
    window.addEventListener('load', afterPaint, { once: true });
    // An image that never arrives (a dropped connection) must not keep the page inert.
    setTimeout(load, 3000);
  }
})();
