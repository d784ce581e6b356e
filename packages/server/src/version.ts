/** Service version reported by /healthz and the OpenAPI document. */
export const VERSION = '0.1.0';
