// The HTTP app: build it on a platform (listen on it, or inject requests), and render the documents
// generated from it — docs/openapi.json from the route schemas, docs/errors.md from the error catalogue.
export { buildApp } from './build-app.js';
export { depsFromPlatform } from './deps-from-platform.js';
export { renderAsyncApi, renderErrorsMarkdown } from './docs-artifacts.js';
export { renderOpenApi } from './render-openapi.js';
