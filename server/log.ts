/**
 * The server's log: JSON lines on stdout (pino), one per request and one per event worth an
 * operator's eye, each carrying the id of the request it happened in (`reqId`, from
 * {@link requestStore}) — the id the error log row and the user's error message show too.
 * The level comes from `TB_LOG_LEVEL` (fatal, error, warn, info, debug, trace, silent; default info).
 * Nothing secret is ever logged: no request body, no cookie or session token, no password; and the
 * keys below are censored wherever a caller passes them by mistake.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

/** What is known of the request being served, for every log line written while serving it. */
export interface RequestStore {
  /** The request's id: `X-Request-Id` (from a trusted proxy) or a new uuid. */
  id: string;
  userId?: string;
}

/**
 * The request context of the code running now (set by `server/http/request-context.ts`).
 * @example requestStore.getStore()?.id // '0b6f…'
 */
export const requestStore = new AsyncLocalStorage<RequestStore>();

/** Keys whose values never reach the log, at the top and one level down. */
const secretKeys = ['password', 'newPassword', 'oldPassword', 'pwd', 'cookie', 'token', 'sessionId', 'authorization'];

/**
 * The level the environment asks for: `TB_LOG_LEVEL`, else info.
 * @example logLevel({ TB_LOG_LEVEL: 'warn' }) // 'warn'
 */
export const logLevel = (env: NodeJS.ProcessEnv = process.env): string => env.TB_LOG_LEVEL || 'info';

/**
 * A logger writing to `destination` (stdout by default) at `level`.
 * @example const log = createLogger('debug'); log.info({ table: 'tbcase' }, 'saved')
 */
export function createLogger(level = logLevel(), destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...secretKeys, ...secretKeys.map((k) => `*.${k}`)], censor: '******' },
      mixin() {
        const store = requestStore.getStore();
        return store ? { reqId: store.id, ...(store.userId ? { userId: store.userId } : {}) } : {};
      },
    },
    destination,
  );
}

/**
 * The process's logger.
 * @example log.warn({ tag: id, code }, 'tag not refreshed')
 */
export const log: Logger = createLogger();
