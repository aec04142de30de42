/**
 * The Node.js the server needs (MikroORM 7: 22.17 or newer), checked before anything else is loaded:
 * on an older Node the first import of the ORM fails with a syntax error that names no version.
 * This file imports nothing, so an entry can check first and load the server after.
 */

/** The oldest Node.js the server runs on; `engines.node` in package.json says the same (a test compares them). */
export const requiredNode = '22.17.0';

const parts = (v: string) => v.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

/**
 * Why this Node cannot run the server, or undefined when it can.
 * @example nodeVersionProblem('20.20.2') // 'TB platform needs Node.js 22.17.0 or newer; this is 20.20.2. …'
 */
export function nodeVersionProblem(version: string = process.versions.node): string | undefined {
  const [a, b, c] = parts(version);
  const [x, y, z] = parts(requiredNode);
  const old = a !== x ? a < x : b !== y ? b < y : c < z;
  if (!old) return undefined;
  return (
    `TB platform needs Node.js ${requiredNode} or newer; this is ${version}. ` +
    'Start it with `npm run start:prod` (npm then runs the Node 24 that `npm ci` installed from the `node` package), ' +
    'or install Node.js 24 LTS on this machine (docs/production.md).'
  );
}

/**
 * Exits with status 1 and the reason on stderr when this Node is too old.
 * @example exitOnOldNode(); const { runServer } = await import('./run.ts');
 */
export function exitOnOldNode(): void {
  const problem = nodeVersionProblem();
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
