/* global window, document */
// The host harness: frames the app named by ?src= and records every message it sends.
// - Tablet/mobile frame transport: the app posts to this page (window.parent).
// - Desktop transport: the tests give the framed app a window.AccountCentreHost whose
//   postMessage forwards here as { transport: 'desktop', json }.
// Recorded as window.hostMessages = [{ transport, message }]; window.sendToApp(type, payload)
// sends a message to the app the way the frame does.
(function () {
  var params = new URLSearchParams(window.location.search);
  var src = params.get('src');
  var frame = document.getElementById('app');
  window.hostMessages = [];

  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow) return;
    var data = event.data;
    if (data && data.transport === 'desktop' && typeof data.json === 'string') {
      window.hostMessages.push({ transport: 'desktop', message: JSON.parse(data.json) });
    } else {
      window.hostMessages.push({ transport: 'frame', origin: event.origin, message: data });
    }
  });

  window.sendToApp = function (type, payload) {
    frame.contentWindow.postMessage({ channel: 'account-centre', type: type, payload: payload }, new URL(src).origin);
  };

  if (src) frame.src = src;
})();
