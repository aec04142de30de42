import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers auto tags recomputed after case changes, and the daily refresh (issue 11). */
export function autoTagRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
