// The API reference page's script (bundled by esbuild at build time: scripts/build-pages.ts):
// starts Swagger UI on the OpenAPI document named by the page, with the demo token filled in
// when the page names one. No inline script: the page's Content-Security-Policy forbids it.

/** The part of Swagger UI's global that the page uses (swagger-ui-bundle.js defines it). */
type SwaggerUi = {
  preauthorizeApiKey(scheme: string, value: string): void;
};
type SwaggerUiBundle = (options: Record<string, unknown>) => SwaggerUi;

const bundle = (globalThis as { SwaggerUIBundle?: SwaggerUiBundle }).SwaggerUIBundle;
const { openapiUrl, token } = document.body.dataset;
if (bundle !== undefined && openapiUrl !== undefined) {
  const ui: SwaggerUi = bundle({
    url: openapiUrl,
    dom_id: '#swagger-ui',
    // No request to validator.swagger.io: the page works offline and talks only to this server.
    validatorUrl: null,
    deepLinking: true,
    tryItOutEnabled: true,
    persistAuthorization: false,
    onComplete: () => {
      if (token !== undefined && token !== '') ui.preauthorizeApiKey('bearerAuth', token);
    },
  });
}
