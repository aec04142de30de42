import { startHost, type HostOptions, type RunningServer } from '../server/start.ts';
import { domainModules } from './domains.ts';

export type { RunningServer } from '../server/start.ts';

/**
 * The platform: the host (`server/`) with the domain modules of `app/domains.ts`, on the
 * configuration from the environment with `overrides`.
 * @example const server = await startServer({ port: 0, seedDemo: false }); await server.close();
 */
export function startServer(overrides: HostOptions = {}): Promise<RunningServer> {
  return startHost(domainModules, overrides);
}
