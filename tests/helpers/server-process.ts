// A server as an operating system process of its own (not inside the test's process): started with a
// command, answered once it says where it listens ("running at http://…"), stopped with a signal.
// For what only a real process shows: an install without devDependencies, SIGTERM, logs on stdout.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed on stdout and stderr so far. */
  output(): string;
  /** Sends `signal` and answers its exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Answers once it exited by itself (its code), without sending anything. */
  exited(): Promise<number | null>;
}

/** The environment a child server gets: the test's, without the test runner's own switches. */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'NODE_OPTIONS' || k === 'TEST' || k === 'NODE_ENV') delete env[k];
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL;
  env.TB_LOG_LEVEL = 'info'; // the address is an info line
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete env[k];
  else env[k] = v;
  return env;
}

/**
 * Spawns `command args` in `cwd` and answers once it printed its address.
 * @example const p = await spawnServer('npm', ['run', 'start:prod'], { cwd, env: childEnv({ DATABASE_URL, PORT: '0' }) });
 */
export function spawnServer(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<ServerProcess> {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed in ${opts.timeoutMs ?? 120_000} ms:\n${out}`)), opts.timeoutMs ?? 120_000);
    const seen = (b: Buffer) => {
      out += b.toString();
      const m = /running at (http:\/\/[^\s"]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1],
        child,
        output: () => out,
        exited: () => exit,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exit;
        },
      });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before printing its address:\n${out}`));
    });
  });
}
