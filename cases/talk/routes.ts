import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers comments and review issues of a case (issue 11). */
export function caseTalkRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
