// The offline client as a process of its own (spawned by tests/helpers/sync-client.ts): the product
// started in client mode on its embedded PGlite under TB_DATA_DIR, printing its address once it
// listens; SIGTERM closes it cleanly (its database written whole), SIGKILL is a crash. No UI build:
// the API is what the tests drive.
import { startServer } from '../../app/start.ts';

const server = await startServer({ clientMode: true, seedDemo: false, demoCases: 0, port: 0, host: '127.0.0.1' });
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(`LISTENING ${server.url}`);
