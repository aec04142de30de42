import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/types.ts';

/**
 * Automatic tags have no route of their own: they are recomputed by hooks and a daily timer of their
 * own module (./index.ts `autoTagsModule`, listed after the case module in app/domains.ts).
 */
export function autoTagRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
