// The mail outbox follows the data folder: with TB_DATA_DIR set, nothing is written under
// the checkout's .data/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';

describe('where the server writes', () => {
  it('the outbox is inside TB_DATA_DIR, unless TB_OUTBOX says otherwise', () => {
    expect(configFromEnv({ TB_DATA_DIR: '/srv/tb' }).outboxDir).toBe('/srv/tb/outbox');
    expect(configFromEnv({ TB_DATA_DIR: '/srv/tb', TB_OUTBOX: '/var/mail/tb' }).outboxDir).toBe('/var/mail/tb');
    expect(configFromEnv({}).outboxDir).toBe('.data/outbox');
  });

  it('the embedded database is beside it, in pglite/ — or the data folder itself when a database is already there', () => {
    expect(configFromEnv({ TB_DATA_DIR: '/srv/tb' }).dataDir).toBe('/srv/tb/pglite');
    expect(configFromEnv({}).dataDir).toBe('.data/pglite');
    const legacy = mkdtempSync(join(tmpdir(), 'tbdata-'));
    writeFileSync(join(legacy, 'PG_VERSION'), '17\n');
    expect(configFromEnv({ TB_DATA_DIR: legacy }).dataDir).toBe(legacy);
    rmSync(legacy, { recursive: true, force: true });
  });
});
