// The offline client as a process of its own (spawned by tests/helpers/sync-client.ts): the product
// started in client mode on DATABASE_URL, printing its address once it listens. No UI build: the API
// is what the tests drive.
import { startServer } from '../../app/start.ts';

const server = await startServer({ clientMode: true, seedDemo: false, demoCases: 0, port: 0, host: '127.0.0.1' });
console.log(`LISTENING ${server.url}`);
