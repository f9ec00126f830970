import { describe, expect, it } from 'vitest';
import { readableStepName } from './workflows';

describe('readableStepName', () => {
  it('turns step keys and activity code names into words', () => {
    expect(readableStepName('submit')).toBe('Submit');
    expect(readableStepName('send-reset-mail')).toBe('Send reset mail');
    expect(readableStepName('mail_sent')).toBe('Mail sent');
    expect(readableStepName('notifyReceivers')).toBe('Notify receivers');
    expect(readableStepName('sendInvitationEmail')).toBe('Send invitation email');
  });

  it('keeps names already written for people', () => {
    for (const name of [
      'Trip approval',
      'Compliance approves and signs',
      'Waiting for the import to be stored',
      'W-9',
    ]) {
      expect(readableStepName(name)).toBe(name);
    }
  });
});
