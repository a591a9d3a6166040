/** The OpenAPI document of the handler's API, and how the handler serves it. */
export { createOpenApiDocument, VERSION_PATTERN, type OpenApiDocument, type OpenApiOperation, type OpenApiOptions } from './document.js';
export { resolveOpenApi, documentReply, OPENAPI_MESSAGES, type OpenApiServeOptions, type ServedDocument } from './serve.js';
export { resolveDocs, docsReply, pageResponse, DOCS_MESSAGES, PAGE_CSP, PAGE_HEADERS, type DocsServeOptions, type DocsPage, type PageFile, type ServedPage } from './docs.js';
