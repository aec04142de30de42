// The offline client as a process of its own (spawned by tests/helpers/sync-client.ts): the product
// started in client mode on its embedded PGlite under TB_DATA_DIR, printing its address once it
// listens; SIGTERM closes it cleanly (its database written whole), SIGKILL is a crash. No UI build:
// the API is what the tests drive.
// A line `hold <point>` on its stdin (SENDING, RECEIVING, APPLYING_LOCALLY, SETTING_UP: server/sync/client/hold.ts)
// makes its next synchronisation (or set-up) stop there for good, printing `HELD <point>`, for the test to kill it
// in that phase; `HOLDING <point>` acknowledges the line.
import { createInterface } from 'node:readline';
import { startServer } from '../../app/start.ts';
import { holdSynchronisationAt, type HoldPoint } from '../../server/sync/client/hold.ts';

let holdNext: HoldPoint | undefined;
holdSynchronisationAt(async (at) => {
  if (at !== holdNext) return;
  holdNext = undefined;
  console.log(`HELD ${at}`);
  await new Promise(() => {}); // until the test kills the process
});
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^hold (SENDING|RECEIVING|APPLYING_LOCALLY|SETTING_UP)$/.exec(line.trim());
  if (!m) return;
  holdNext = m[1] as HoldPoint;
  console.log(`HOLDING ${holdNext}`);
});

const server = await startServer({ clientMode: true, seedDemo: false, demoCases: 0, port: 0, host: '127.0.0.1' });
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(`LISTENING ${server.url}`);
