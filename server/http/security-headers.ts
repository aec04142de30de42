import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config.ts';
import type { Env } from '../types.ts';
import { answerHeader } from './answer-headers.ts';
import { isTls } from './tls.ts';

/**
 * The content security policy of the built UI (`dist/ui`): its own scripts, styles, images and
 * fonts only. `style-src 'unsafe-inline'`: antd and rjsf put their CSS-in-JS in `<style>` elements
 * and `style` attributes. `script-src 'unsafe-eval'`: the form validator (ajv, in rjsf's
 * `@rjsf/validator-ajv8`) compiles each schema into a function; inline scripts stay refused.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * A policy as its header says it: each directive kebab-cased with its sources, joined by `; `.
 * @example policyText({ defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] }) // "default-src 'self'; img-src 'self' data:"
 */
export function policyText(policy: Record<string, string[]>): string {
  return Object.entries(policy).map(([directive, sources]) => [directive.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...sources].join(' ')).join('; ');
}

/**
 * The headers of every answer: the policy, no framing, no sniffing, the referrer only to this site,
 * and the others Hono's `secureHeaders` sends by default.
 */
const everyAnswer: [string, string][] = [
  ['Content-Security-Policy', policyText(contentSecurityPolicy)],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * The usual response headers on every answer: Content-Security-Policy, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy same-origin (and the others of `everyAnswer`),
 * and Strict-Transport-Security when the request came over TLS. Set on the answer before the
 * route runs, without a web `Headers` object (`answerHeader`).
 *
 * @example
 *   app.use('*', securityHeaders(ctx.config));
 */
export function securityHeaders(config: ServerConfig): MiddlewareHandler<Env> {
  return async (c, next) => {
    for (const [name, value] of everyAnswer) answerHeader(c, name, value);
    if (isTls(c, config.trustProxy)) answerHeader(c, 'Strict-Transport-Security', 'max-age=15552000');
    await next();
  };
}
