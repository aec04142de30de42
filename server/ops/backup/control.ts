/**
 * The embedded database's control line: a server on PGlite listens on a local socket beside its data
 * folder (`<data>/pglite.control.sock`; a named pipe on Windows), readable and writable only by its
 * own operating system user, and takes a backup there when asked — `npm run backup` asks it, since
 * no other process may open a PGlite folder while its server runs. A second server started on the
 * same folder finds the line answering and refuses to start (two processes on one PGlite folder
 * would corrupt it).
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';

/** What the line is asked, one JSON line, and what it answers. */
export type ControlRequest = { op: 'backup'; file: string } | { op: 'ping' };
export type ControlAnswer = { ok: true; file?: string; bytes?: number } | { ok: false; error: string };

/**
 * Where the control line of the data folder `dataDir` is.
 * @example controlPath('/srv/tb/data/pglite') // '/srv/tb/data/pglite.control.sock'
 */
export function controlPath(dataDir: string): string {
  const full = resolve(dataDir);
  if (process.platform === 'win32') return `\\\\.\\pipe\\tb-control-${createHash('sha1').update(full.toLowerCase()).digest('hex').slice(0, 16)}`;
  const beside = `${full}.control.sock`;
  // a socket's path is limited to about a hundred bytes
  return Buffer.byteLength(beside) < 100 ? beside : resolve(tmpdir(), `tb-control-${createHash('sha1').update(full).digest('hex').slice(0, 16)}.sock`);
}

/**
 * Sends `request` to the server of `dataDir`; answers undefined when no server listens there.
 * @example await askServer('.data/pglite', { op: 'ping' }) // { ok: true } while `npm start` runs
 */
export function askServer(dataDir: string, request: ControlRequest, timeoutMs = 10 * 60_000): Promise<ControlAnswer | undefined> {
  return new Promise((done) => {
    const socket = net.connect(controlPath(dataDir));
    let text = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('no answer')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (b) => {
      text += b.toString();
      if (!text.includes('\n')) return;
      socket.end();
      done(JSON.parse(text.slice(0, text.indexOf('\n'))) as ControlAnswer);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => done(e.code === 'ENOENT' || e.code === 'ECONNREFUSED' ? undefined : { ok: false, error: e.message }));
  });
}

/**
 * Opens the control line of `dataDir`, answering with `handle`; refuses when another server answers
 * there. Answers a function that closes it.
 * @example const close = await openControl(dir, async (r) => ({ ok: true })); … await close();
 */
export async function openControl(dataDir: string, handle: (r: ControlRequest) => Promise<ControlAnswer>): Promise<() => Promise<void>> {
  const path = controlPath(dataDir);
  if (await askServer(dataDir, { op: 'ping' }, 5000)) throw new Error(`another server is running on the embedded database ${resolve(dataDir)} (its control line ${path} answers): stop it first`);
  if (process.platform !== 'win32' && existsSync(path)) rmSync(path); // left by a process that did not stop cleanly
  const server = net.createServer((socket) => {
    let text = '';
    socket.on('error', () => {});
    socket.on('data', (b) => {
      text += b.toString();
      if (!text.includes('\n')) return;
      let request: ControlRequest;
      try {
        request = JSON.parse(text.slice(0, text.indexOf('\n')));
      } catch {
        return void socket.end(`${JSON.stringify({ ok: false, error: 'not a request' })}\n`);
      }
      void handle(request).then(
        (answer) => socket.end(`${JSON.stringify(answer)}\n`),
        (e) => socket.end(`${JSON.stringify({ ok: false, error: (e as Error).message })}\n`),
      );
    });
  });
  // only this operating system user may connect (the data folder's owner)
  const umask = process.platform === 'win32' ? undefined : process.umask(0o177);
  try {
    await new Promise<void>((ok, fail) => server.once('error', fail).listen(path, () => ok()));
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  return () => new Promise<void>((r) => server.close(() => r()));
}
