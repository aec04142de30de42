import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers case lists and places: area tree, unit active lists, summaries, tag lists (issue 11). */
export function placeRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
