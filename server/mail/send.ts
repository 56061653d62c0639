/**
 * Outgoing e-mail. `queueMail` records the message and queues the `mail.send` job in the
 * caller's transaction; the job delivers through SMTP (nodemailer) when SMTP_URL is set, else
 * leaves it in the development outbox (the mail_messages table) and logs it.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db, Queryable } from '../db/db';
import type { JobDefinition, JobLogger, JobQueue } from '../jobs/queue';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MAIL_JOB = 'mail.send';

export async function queueMail(queue: JobQueue, tx: Queryable, mail: MailInput): Promise<string> {
  const rows = await tx.query<{ id: string }>(
    'INSERT INTO mail_messages (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.html ?? null],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('Mail insert returned no id');
  await queue.send(MAIL_JOB, { messageId: id }, { tx });
  return id;
}

const MailJobPayload = z.object({ messageId: z.uuid() });

/**
 * Retry is safe: a message already marked sent (or kept in the outbox) is skipped. A crash
 * between the SMTP handoff and the status update can send one message twice; SMTP offers no
 * idempotency key, and a duplicate login code is harmless.
 */
export function mailJob(deps: { db: Db; smtpUrl?: string; from: string; log: JobLogger }): JobDefinition<typeof MailJobPayload> {
  let transport: Transporter | null = null;
  return {
    name: MAIL_JOB,
    payload: MailJobPayload,
    retryLimit: 5,
    retryDelaySeconds: 5,
    handler: async ({ messageId }) => {
      const rows = await deps.db.query<{ id: string; to_address: string; subject: string; text_body: string; html_body: string | null; status: string }>(
        'SELECT id, to_address, subject, text_body, html_body, status FROM mail_messages WHERE id = $1',
        [messageId],
      );
      const message = rows[0];
      if (!message || message.status === 'sent' || message.status === 'outbox') return;
      if (!deps.smtpUrl) {
        await deps.db.query("UPDATE mail_messages SET status = 'outbox' WHERE id = $1", [messageId]);
        deps.log.info({ to: message.to_address, subject: message.subject }, 'e-mail kept in the development outbox (no SMTP_URL)');
        return;
      }
      transport ??= nodemailer.createTransport(deps.smtpUrl);
      try {
        await transport.sendMail({ from: deps.from, to: message.to_address, subject: message.subject, text: message.text_body, html: message.html_body ?? undefined });
      } catch (err) {
        await deps.db.query('UPDATE mail_messages SET error = $2 WHERE id = $1', [messageId, err instanceof Error ? err.message : String(err)]);
        throw err;
      }
      await deps.db.query("UPDATE mail_messages SET status = 'sent', sent_at = now(), error = NULL WHERE id = $1", [messageId]);
    },
  };
}
