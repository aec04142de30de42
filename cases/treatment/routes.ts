import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers treatment: start, prescriptions, period, cancel, adherence calendar (issue 13). */
export function treatmentRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
