/**
 * A graceful stop (SIGTERM, a rolling restart): readiness answers `stopping` at once, and every
 * answer says `Connection: close`; for `TB_SHUTDOWN_DELAY` seconds (0) the process still accepts
 * and serves, so a load balancer that checks readiness stops sending it requests before it stops
 * listening (a connection queued on a listening socket as it closes is reset by the kernel: its
 * request lost); then the listening socket closes (a proxy's next connection is refused and goes to
 * another process), the requests being served finish — idle kept-alive connections are closed — for
 * at most `TB_SHUTDOWN_SECONDS` (30), after which what is left is cut; then the database pool closes.
 */
import type { Server } from 'node:http';
import { log } from '../log.ts';

/**
 * After `delaySeconds`, stops `server` accepting and waits for its connections to end, at most
 * `seconds`; answers how many connections had to be cut.
 * @example await drain(httpServer, 0, 30) // 0
 */
export async function drain(server: Server, delaySeconds: number, seconds: number): Promise<number> {
  if (delaySeconds > 0) {
    log.info({ seconds: delaySeconds }, 'stopping: readiness says stopping; still accepting while the load balancer takes this process out');
    await new Promise((r) => setTimeout(r, delaySeconds * 1000));
  }
  log.info({ graceSeconds: seconds }, 'stopping: no new connections; finishing the requests being served');
  let cut = 0;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // a connection whose request just finished becomes idle: close it then, not 30 s later
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), seconds * 1000).unref());
  try {
    if ((await Promise.race([closed, deadline])) === 'deadline') {
      cut = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n ?? 0)));
      log.warn({ connections: cut, seconds }, 'stopping: requests still running after the grace period were cut');
      server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(idle);
  }
  return cut;
}
