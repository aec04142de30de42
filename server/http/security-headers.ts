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
 * The headers of a page (the UI, the API reference at `/api/docs`): the policy, no framing, no
 * sniffing, the referrer only to this site, and the others Hono's `secureHeaders` sends by default.
 */
const pageAnswer: [string, string][] = [
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
 * The headers of an API answer (JSON, a file to download), as OWASP's REST Security Cheat Sheet
 * lists them: never stored by a browser or a proxy (patients' data), a policy that lets nothing load
 * or frame it should a browser ever show it as a page, not read by another site's page
 * (`Cross-Origin-Resource-Policy`), no sniffing, the referrer only to this site. The page-only headers
 * (opener policy, agent cluster, DNS prefetch, download options, XSS filter) say nothing to an answer
 * that is not a page. A handler's own `Cache-Control` wins (answerHeader).
 */
const apiAnswer: [string, string][] = [
  ['Cache-Control', 'no-store'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** Whether a path answers the API (not a page): everything under `/api/` but the reference pages. */
const isApiPath = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs');

/**
 * The usual response headers: on a page, Content-Security-Policy (`default-src 'self'`, no inline
 * scripts), X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy same-origin and
 * the others of `pageAnswer`; on an API answer, `apiAnswer` (`Cache-Control: no-store`, a policy of
 * `default-src 'none'`); on both, Strict-Transport-Security when the request came over TLS. Set on
 * the answer before the route runs, without a web `Headers` object (`answerHeader`).
 *
 * @example
 *   app.use('*', securityHeaders(ctx.config));
 */
export function securityHeaders(config: ServerConfig): MiddlewareHandler<Env> {
  return async (c, next) => {
    for (const [name, value] of isApiPath(c.req.path) ? apiAnswer : pageAnswer) answerHeader(c, name, value);
    if (isTls(c, config.trustProxy)) answerHeader(c, 'Strict-Transport-Security', 'max-age=15552000');
    await next();
  };
}
