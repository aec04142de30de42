/**
 * `npm run client:init -- <server address> <login>`: fills the offline client's empty database (the
 * embedded one under TB_DATA_DIR, or DATABASE_URL) from the server with that user's login — the
 * password read from TB_PASSWORD or asked on the terminal —, printing the rows received of the total
 * and the time left; an interrupted set-up of the same server and unit is resumed. Then start
 * the client with `TB_CLIENT_MODE=true npm start` (docs/sync.md).
 */
import { createInterface } from 'node:readline/promises';
import { initialiseClient } from '../server/sync/client/init.ts';
import { newProgress, secondsLeft } from '../server/sync/client/setup.ts';
import { startServer } from './start.ts';

const [serverUrl, login] = process.argv.slice(2);
if (!serverUrl || !login) {
  console.error('usage: npm run client:init -- <server address> <login>   (password: TB_PASSWORD or asked)');
  process.exit(2);
}
const password = process.env.TB_PASSWORD ?? (await createInterface({ input: process.stdin, output: process.stdout }).question('Пароль: '));
const client = await startServer({ clientMode: true, seedDemo: false, port: 0 });
const progress = newProgress();
const line = () => {
  const left = secondsLeft(progress);
  return `\rПолучено записей: ${progress.received} из ${progress.total || '?'}, связанных: ${progress.fetched}${left === undefined ? '' : `, осталось около ${left} с`}   `;
};
const ticker = setInterval(() => process.stdout.write(line()), 1000);
try {
  const started = Date.now();
  const state = await initialiseClient(client.ctx, { serverUrl, login, password }, progress);
  clearInterval(ticker);
  process.stdout.write(line());
  console.log(`\n${progress.resumed ? 'Прерванная инициализация продолжена и завершена' : 'Клиент инициализирован'} за ${((Date.now() - started) / 1000).toFixed(1)} с: сервер ${state.serverUrl}, учреждение ${state.unitId}`);
} catch (e) {
  clearInterval(ticker);
  console.error(`\nОшибка: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
