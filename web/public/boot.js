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
  // No tap is lost while the page only looks ready (issue 18): a button pressed before the page
  // answers is held, and pressed again once the layout says the page is interactive (the
  // 'sauti:interactive' event). Hydration keeps the server's elements, so the same button takes
  // the press; one gone by then is skipped. Links keep their own behaviour: they work unhydrated.
  var held = [];
  function hold(event) {
    var button = event.target && event.target.closest ? event.target.closest('button, [role="button"]') : null;
    if (!button || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(button) < 0) held.push(button);
    load();
  }
  window.addEventListener('click', hold, true);
  document.addEventListener(
    'sauti:interactive',
    function () {
      window.removeEventListener('click', hold, true);
      var pressed = held;
      held = [];
      pressed.forEach(function (button) {
        if (button.isConnected && !button.disabled) button.click();
      });
    },
    { once: true },
  );
  if (document.readyState === 'complete') afterPaint();
  else {
    window.addEventListener('load', afterPaint, { once: true });
    // An image that never arrives (a dropped connection) must not keep the page inert.
    setTimeout(load, 3000);
  }
})();
