import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sendProblem } from '../../errors/render-problem.js';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (isIPv4(address)) return address.startsWith('127.');
  if (!isIPv6(address)) return false;
  const a = address.toLowerCase();
  return a === '::1' || /^::ffff:127\./.test(a);
}

/**
 * Who may read `/metrics` (ADR 0062). With a token (config `http.metricsToken`), a request must send
 * `Authorization: Bearer <token>` (compared in constant time), from anywhere. Without one, only a
 * client on this machine may: its address is loopback and the request did not come through a proxy
 * (no `Forwarded` or `X-Forwarded-For`: a proxy on this host carries other machines' requests).
 */
export function metricsAccess(token: string | undefined): onRequestHookHandler {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const allowed =
      expected === undefined
        ? isLoopback(request.ip) &&
          request.headers['x-forwarded-for'] === undefined &&
          request.headers.forwarded === undefined
        : timingSafeEqual(digest(request.headers.authorization ?? ''), expected);
    if (allowed) {
      done();
      return;
    }
    reply.header('www-authenticate', 'Bearer realm="bellwether-metrics"');
    sendProblem(
      request,
      reply,
      'metrics_token_required',
      expected === undefined
        ? 'Metrics are served to clients on this machine only. To scrape from elsewhere, set BELLWETHER_METRICS_TOKEN and send it as a bearer token.'
        : 'Send the metrics token as `Authorization: Bearer <BELLWETHER_METRICS_TOKEN>`.',
    );
  };
}
