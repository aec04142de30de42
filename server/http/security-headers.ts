import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { ServerConfig } from '../config.ts';
import type { Env } from '../types.ts';
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
 * The usual response headers on every answer: Content-Security-Policy, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy same-origin (plus hono's other defaults), and
 * Strict-Transport-Security when the request came over TLS.
 *
 * @example
 *   app.use('*', securityHeaders(ctx.config));
 */
export function securityHeaders(config: ServerConfig): MiddlewareHandler<Env> {
  const headers = secureHeaders({
    contentSecurityPolicy,
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
    strictTransportSecurity: false,
  });
  return async (c, next) => {
    await headers(c, next);
    if (isTls(c, config.trustProxy)) c.res.headers.set('Strict-Transport-Security', 'max-age=15552000');
  };
}
