// Which Chromium the browser tests drive, never downloaded at test time: CHROMIUM_PATH if set, else
// the system's (Debian's `chromium`), else the one inside the `@sparticuz/chromium` npm package, so
// that `npm install && npm test` works on a machine with no browser installed
// (TEST_BROWSER=packaged forces the packaged one).
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { rootDir } from '../../server/config.ts';
import { withLockDir } from './lock-dir.ts';

export interface ChromiumBinary {
  executablePath: string;
  /** Extra environment of the browser process (the packaged browser's own libraries and fonts). */
  env: Record<string, string>;
  label: string;
}

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

let resolved: Promise<ChromiumBinary> | undefined;

/**
 * The browser to launch: `CHROMIUM_PATH`, a system Chromium, or the packaged one (extracted once per
 * package version under `node_modules/.cache/`).
 * @example const { executablePath, env } = await findChromium(); chromium.launch({ executablePath, env })
 */
export function findChromium(): Promise<ChromiumBinary> {
  // a failure is not kept: the test files after it in this process (one module graph) try again
  resolved ??= locate().catch((err: unknown) => {
    resolved = undefined;
    throw err;
  });
  return resolved;
}

async function locate(): Promise<ChromiumBinary> {
  const given = process.env.CHROMIUM_PATH;
  if (given) return { executablePath: given, env: {}, label: `CHROMIUM_PATH ${given}` };
  // TEST_BROWSER=packaged tries the npm package's browser where a system one exists too
  const system = process.env.TEST_BROWSER === 'packaged' ? undefined : SYSTEM_PATHS.find((p) => existsSync(p));
  if (system) return { executablePath: system, env: {}, label: `system ${system}` };
  return packaged();
}

/**
 * `@sparticuz/chromium` ships a headless Chromium for Amazon Linux, brotli-compressed inside the npm
 * package: the binary, its fonts, and the NSS libraries Debian lacks (`al2023.tar.br`). One process
 * at a time extracts them (a lock folder: two extractions side by side have failed with a
 * prematurely closed `tar`), into a fresh folder renamed into place, so no process sees a
 * half-written browser.
 */
async function packaged(): Promise<ChromiumBinary> {
  const require = createRequire(import.meta.url);
  // the package exports only its entry (build/index.js), not its package.json
  const pkgDir = dirname(dirname(require.resolve('@sparticuz/chromium')));
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const cache = join(rootDir, 'node_modules', '.cache', 'tb-chromium');
  const dir = join(cache, version);
  if (!existsSync(join(dir, 'chromium'))) {
    await mkdir(cache, { recursive: true });
    await withLockDir(join(cache, 'extract.lock'), async () => {
      if (!existsSync(join(dir, 'chromium'))) await extract(pkgDir, cache, dir);
    });
  }
  return {
    executablePath: join(dir, 'chromium'),
    env: { LD_LIBRARY_PATH: [join(dir, 'lib'), dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'), FONTCONFIG_FILE: join(dir, 'fonts.conf') },
    label: `@sparticuz/chromium ${version}`,
  };
}

/** Extracts the package's browser, fonts and libraries into `dir`. */
async function extract(pkgDir: string, cache: string, dir: string): Promise<void> {
  const tmp = await mkdtemp(join(cache, 'extract-'));
  const bin = join(pkgDir, 'bin');
  await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(tmp, 'chromium'), { mode: 0o755 }));
  for (const archive of ['fonts.tar.br', 'al2023.tar.br', 'swiftshader.tar.br']) await untar(join(bin, archive), tmp);
  // the package's fonts.conf names Lambda's folders: point it at these fonts (Open Sans has Cyrillic)
  await writeFile(join(tmp, 'fonts.conf'), fontsConf(dir));
  await rename(tmp, dir);
}

/**
 * Unpacks a brotli-compressed tar archive into `dir` with the system's `tar`, from a file: piped, tar
 * stops reading at the archive's end marker and may close its input before the padding after it is
 * written, which fails the pipe ('Premature close') though every file is out.
 */
async function untar(archive: string, dir: string): Promise<void> {
  const plain = join(dir, '.archive.tar');
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(plain));
  await new Promise<void>((resolve, reject) => {
    const tar = spawn('tar', ['-x', '-f', plain, '-C', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    tar.on('error', reject);
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code} on ${archive}`))));
  });
  await rm(plain, { force: true });
}

/** A fontconfig file for the extracted fonts (and the system's, if any). */
const fontsConf = (dir: string) => `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(dir, 'fonts')}</dir>
  <dir>/usr/share/fonts</dir>
  <cachedir>${join(dir, 'fonts-cache')}</cachedir>
</fontconfig>
`;
