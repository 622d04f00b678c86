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
});
