import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a message through SMTP (`SMTP_URL`) or, without one, writes it as JSON into the outbox folder
 * (`TB_OUTBOX`, else `<TB_DATA_DIR>/outbox/`, else `.data/outbox/`: `server/config.ts`), where a
 * developer or a test reads it. The sender is the
 * administrator's address from the system settings. Call it last inside the transaction of the change
 * it reports, so a failed send undoes the change.
 */
export async function sendMail(em: Em, ctx: AppContext, mail: Mail): Promise<void> {
  const cfg = await kysely(em).selectFrom('sysconfig').select('admin_mail').limit(1).executeTakeFirst();
  const message = { from: cfg?.admin_mail ?? 'noreply@localhost', ...mail };
  if (ctx.config.smtpUrl) {
    await nodemailer.createTransport(ctx.config.smtpUrl).sendMail(message);
    return;
  }
  const info = await nodemailer.createTransport({ jsonTransport: true }).sendMail(message);
  await mkdir(ctx.config.outboxDir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.json`;
  await writeFile(join(ctx.config.outboxDir, name), String(info.message));
}
