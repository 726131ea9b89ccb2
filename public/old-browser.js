// A browser without ES modules skips the portal's script and runs this one instead (index.html):
// it shows the text that the browser is too old, in the visitor's language. ES5 on purpose.
(function () {
  var p = document.getElementById('refusal');
  if (!p) return;
  p.textContent = p.getAttribute('data-old-browser');
  p.removeAttribute('hidden');
})();
