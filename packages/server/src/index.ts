// Embedding Bellwether in another Node process: parse the configuration, open the platform, build the
// HTTP app (listen on it, or inject requests). The `bellwether` command does exactly this.
export { type Config, type ConfigResult, parseConfig } from './config/config.js';
export { buildApp } from './http/build-app.js';
export { depsFromPlatform } from './http/deps-from-platform.js';
export { createPlatform, type Platform } from './platform/create-platform.js';
export { VERSION } from './version.js';
