// The mail outbox follows the data folder (issue 10): with TB_DATA_DIR set, nothing is written under
// the checkout's .data/.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';

describe('where the server writes', () => {
  it('the outbox is inside TB_DATA_DIR, unless TB_OUTBOX says otherwise', () => {
    expect(configFromEnv({ TB_DATA_DIR: '/srv/tb' }).outboxDir).toBe('/srv/tb/outbox');
    expect(configFromEnv({ TB_DATA_DIR: '/srv/tb', TB_OUTBOX: '/var/mail/tb' }).outboxDir).toBe('/var/mail/tb');
    expect(configFromEnv({}).outboxDir).toBe('.data/outbox');
  });
});
