import { describe, expect, it } from 'vitest';
import { renderInvitationMail, renderInvitationReminderMail, renderPasswordResetMail } from './index';
import { escapeHtml, formatExpiry, gmtOffsetLabel } from './layout';

// fixed-date fixture: the expiry is an input of the template and the offsets a format of given instants; no clock is read.

const base = {
  firstName: 'Jordan',
  schoolName: 'Demo State University',
  link: 'http://localhost:3000/create-password?token=abc.def',
  expiresAt: new Date('2027-03-03T23:00:00Z'),
  timeZone: 'America/Chicago',
};

describe('mail templates', () => {
  it('invitation mail names the school, the person, the link and the expiry in the school time zone', () => {
    const mail = renderInvitationMail({ ...base, inviterName: 'Ada Admin' });
    expect(mail.subject).toBe("You're invited to Demo State University");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Jordan');
      expect(body).toContain('Demo State University');
      expect(body).toContain('Ada Admin has invited you');
      expect(body).toContain('http://localhost:3000/create-password?token=abc.def');
      expect(body).toContain('March 3, 2027');
      expect(body).toContain('5:00 PM');
      expect(body).toContain('GMT -06:00');
    }
  });

  it('invitation mail without an inviter still reads well', () => {
    expect(renderInvitationMail({ ...base, inviterName: null }).text).toContain(
      'You have been invited to create your account',
    );
  });

  it('reminder mail is recognisably a reminder', () => {
    const mail = renderInvitationReminderMail(base);
    expect(mail.subject).toBe('Reminder: your invitation to Demo State University');
    expect(mail.text).toContain('has not been created yet');
    expect(mail.text).toContain(base.link);
    expect(mail.html).toContain('expires on March 3, 2027');
  });

  it('password reset mail carries the reset link and its expiry', () => {
    const link = 'http://localhost:3000/reset-password?token=x.y';
    const mail = renderPasswordResetMail({ ...base, link });
    expect(mail.subject).toBe('Reset your Demo State University password');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('valid until March 3, 2027 at 5:00 PM (GMT -06:00)');
  });

  it('escapes names and links in HTML but leaves the text version readable', () => {
    const mail = renderInvitationMail({
      ...base,
      firstName: '<script>alert(1)</script>',
      schoolName: 'A & B "College"',
      link: 'http://x/?a=1&b=2',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('A &amp; B &quot;College&quot;');
    expect(mail.html).toContain('href="http://x/?a=1&amp;b=2"');
    expect(mail.text).toContain('<script>alert(1)</script>');
  });
});

describe('date labels', () => {
  it('labels zone offsets the way the product shows them', () => {
    expect(gmtOffsetLabel(new Date('2027-01-15T12:00:00Z'), 'America/Chicago')).toBe('GMT -06:00');
    expect(gmtOffsetLabel(new Date('2027-07-15T12:00:00Z'), 'America/Chicago')).toBe('GMT -05:00');
    expect(gmtOffsetLabel(new Date('2027-07-15T12:00:00Z'), 'UTC')).toBe('GMT +00:00');
    expect(gmtOffsetLabel(new Date('2027-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('GMT +05:30');
  });

  it('falls back to UTC for an unknown zone instead of failing the mail', () => {
    expect(formatExpiry(new Date('2027-01-15T12:00:00Z'), 'Not/AZone')).toBe(
      'January 15, 2027 at 12:00 PM (GMT +00:00)',
    );
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
