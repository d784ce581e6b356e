import type { FastifyBaseLogger } from 'fastify';

/**
 * The logger for a start banner: shown at any log level but `silent` (an operator who set
 * LOG_LEVEL=warn still sees where the process listens), as a JSON line like every other.
 */
export function bannerLog(log: FastifyBaseLogger): FastifyBaseLogger {
  return ['warn', 'error', 'fatal'].includes(log.level) ? log.child({}, { level: 'info' }) : log;
}
