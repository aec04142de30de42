import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/http/context.ts';

/** Registers the case data tab: edit form/save, comorbidities, contacts, side effects, previous treatments (issue 11). */
export function caseDataRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
