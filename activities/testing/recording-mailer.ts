import type { Mailer, MailMessage } from '../mail/mailer';

/** A mailer that keeps what it "sent"; `failNext` makes the next sends throw, to exercise retries. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  failNext(times: number, error?: Error): void;
}

export function createRecordingMailer(): RecordingMailer {
  let failures: { remaining: number; error: Error } = { remaining: 0, error: new Error('SMTP unavailable') };
  const sent: MailMessage[] = [];
  return {
    mode: 'smtp',
    sent,
    failNext(times, error = new Error('SMTP unavailable')) {
      failures = { remaining: times, error };
    },
    async send(message) {
      if (failures.remaining > 0) {
        failures.remaining -= 1;
        throw failures.error;
      }
      sent.push(message);
    },
    async close() {},
  };
}
