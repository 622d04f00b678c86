// The API reference: Swagger UI over this service's own OpenAPI document. Its configuration lives
// in this served file (the page's CSP allows no inline script). The token typed in Authorize stays
// in Swagger UI's memory: persistAuthorization is off, so it is never written to storage, and
// requests carry it in the Authorization header only.
window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: false,
    persistAuthorization: false,
    // No request to the public validator badge.
    validatorUrl: null,
    // Operations listed under their tags, folded: every path shows.
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
  // Swagger UI leaves a few controls it renders without a name, and its code samples out of the tab
  // order: screen readers and keyboards get them as they appear.
  var named = { '#servers': 'Server', 'textarea.body-param__text': 'Request body', '.responses-wrapper select': 'Media type' };
  new MutationObserver(function () {
    Object.keys(named).forEach(function (selector) {
      document.querySelectorAll(selector + ':not([aria-label])').forEach(function (el) { el.setAttribute('aria-label', named[selector]); });
    });
    document.querySelectorAll('.highlight-code pre:not([tabindex])').forEach(function (el) { el.setAttribute('tabindex', '0'); });
  }).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
});
