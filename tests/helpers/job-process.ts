// A server process whose runner also knows the test kind of tests/helpers/jobs.ts (`test.count`),
// started by tests that kill or stop it (tests/ops/jobs-process.test.ts): the environment's settings
// (DATABASE_URL, TB_JOB_LEASE_SECONDS…), SIGTERM stops it gracefully as `npm start` does.
import { startServer } from '../../app/start.ts';
import { log } from '../../server/log.ts';
import { countingKind } from './jobs.ts';

const server = await startServer({ seedDemo: false, port: 0, host: '127.0.0.1' });
server.ctx.jobs.register(countingKind(() => server.ctx.jobs.owner));
server.ctx.jobs.wake();
log.info({ owner: server.ctx.jobs.owner }, `TB platform is running at ${server.url}`);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
