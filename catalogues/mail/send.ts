import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { afterCommit } from '../../server/db/transaction.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a message through SMTP (`SMTP_URL`) or, without one, writes it as JSON into the outbox folder
 * (`TB_OUTBOX`, else `<TB_DATA_DIR>/outbox/`, else `.data/outbox/`: `server/config.ts`), where a
 * developer or a test reads it. The sender is the
 * administrator's address from the system settings. Call it inside the transaction of the change it
 * reports: the message goes once that transaction has committed (`afterCommit`), never for a change
 * rolled back; a failed send is written to the error log, and the change stays.
 * @example await sendMail(em, ctx, { to: account.email, subject, text }) // sent after the commit
 */
export async function sendMail(em: Em, ctx: AppContext, mail: Mail): Promise<void> {
  const cfg = await kysely(em).selectFrom('sysconfig').select('admin_mail').limit(1).executeTakeFirst();
  const message = { from: cfg?.admin_mail ?? 'noreply@localhost', ...mail };
  await afterCommit(em, () => deliver(ctx, message), 'mail');
}

async function deliver(ctx: AppContext, message: Mail & { from: string }): Promise<void> {
  if (ctx.config.smtpUrl) {
    await nodemailer.createTransport(ctx.config.smtpUrl).sendMail(message);
    return;
  }
  const info = await nodemailer.createTransport({ jsonTransport: true }).sendMail(message);
  await mkdir(ctx.config.outboxDir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.json`;
  await writeFile(join(ctx.config.outboxDir, name), String(info.message));
}
