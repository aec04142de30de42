// The suite runs each worker's test files one after another in one module graph (`isolate: false`
// in vitest.config.ts): a file that mocks a module, stubs a global or an environment variable, fakes
// the clock or sets `process.env` would leak into every file after it. None may; a test that needs
// another configuration starts a server with it (tests/helpers/server.ts options).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SOURCE_FOLDERS, sourceFiles } from './source-files.ts';

const FOLDERS = SOURCE_FOLDERS;

/** What would outlive a test file in a shared module graph. */
const LEAKS = [/\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(/, /\bprocess\.env\.\w+\s*=[^=]/, /\bprocess\.env\[[^\]]+\]\s*=[^=]/];

const testFiles = (dir: string) => sourceFiles(dir, { only: /\.test\.tsx?$/ });

test('no test file mocks a module, stubs a global or the clock, or sets an environment variable', () => {
  const files = FOLDERS.flatMap(testFiles).filter((f) => f !== 'tests/architecture/shared-module-graph.test.ts'); // this file names the leaks
  expect(files.length).toBeGreaterThan(150);
  const leaks = files.flatMap((f) =>
    readFileSync(join(rootDir, f), 'utf8')
      .split('\n')
      .flatMap((line, i) => (LEAKS.some((re) => re.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(leaks).toEqual([]);
});

test('the check sees a leak when there is one', () => {
  expect(['vi.mock("../x.ts")', 'vi.useFakeTimers()', 'process.env.TB_CLIENT_MODE = "true"', "process.env['X'] = '1'"].every((l) => LEAKS.some((re) => re.test(l)))).toBe(true);
  expect(LEAKS.some((re) => re.test('if (process.env.CI === "1") skip()'))).toBe(false);
});
