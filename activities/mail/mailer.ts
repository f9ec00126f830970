import nodemailer from 'nodemailer';
import type { AppConfig } from '../../api/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/**
 * Sends a rendered mail. In 'dev' mode nothing leaves the machine: the outbox row itself is the delivered mail and
 * the development mailbox page lists it, so links in it can be followed.
 */
export interface Mailer {
  mode: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) return createDevMailer();
  return createSmtpMailer(config.smtpUrl, config.mailFrom);
}

/**
 * The development mailbox's one bouncing mailbox: mail to `bounce@<any domain>` is refused with a temporary SMTP
 * error, so a mail step keeps failing and retrying as it would against a real server (the demo data's stuck process).
 */
export const DEV_BOUNCING_MAILBOX = 'bounce';

export function isDevBouncingAddress(address: string): boolean {
  return address.trim().toLowerCase().startsWith(`${DEV_BOUNCING_MAILBOX}@`);
}

export function createDevMailer(): Mailer {
  return {
    mode: 'dev',
    async send(message) {
      // Delivery is the outbox row; nothing to do, except for the bouncing mailbox.
      if (isDevBouncingAddress(message.to)) {
        // 4xx: temporary, so Temporal keeps retrying (a 5xx would end the step as permanently rejected).
        throw Object.assign(new Error(`450 Mailbox unavailable: ${message.to} bounces every message`), {
          responseCode: 450,
        });
      }
    },
    async close() {},
  };
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts: the send happens while the outbox row is locked, and a stuck server should fail the attempt
  // (Temporal retries it) rather than hold the lock for nodemailer's default ten minutes.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
