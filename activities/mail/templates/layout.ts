import { isValidTimeZone } from '../../../domain/calendar-events';

/** Shared pieces of every mail: escaping, the plain HTML frame and how dates are shown. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailFrame {
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string[];
}

/** A plain, table-free HTML body: mail clients render it everywhere and it reads fine as text. */
export function renderHtml(frame: MailFrame): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const url = escapeHtml(frame.action.url);
  return [
    '<!doctype html>',
    '<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(frame.heading)}</h1>`,
    ...frame.paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${url}" style="background:#1c7ed6;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(frame.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#52606d">If the button does not work, copy this link into your browser:<br><a href="${url}">${url}</a></p>`,
    ...frame.footer.map((line) => `<p style="margin:0 0 8px;font-size:13px;color:#52606d">${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
}

export function renderText(frame: MailFrame): string {
  return [...frame.paragraphs, `${frame.action.label}: ${frame.action.url}`, ...frame.footer].join('\n\n') + '\n';
}

/** "GMT -06:00" style label of a zone's offset at an instant (the product shows zones this way). */
export function gmtOffsetLabel(at: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part && part !== 'GMT' ? part.replace(/^GMT/, '') : '+00:00';
  return `GMT ${offset}`;
}

/** e.g. "March 3, 2027 at 5:00 PM (GMT -06:00)" in the school's time zone. */
export function formatExpiry(at: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  // Date and time are formatted apart and spaces normalised: ICU versions differ in joiners and in using
  // narrow no-break spaces before AM/PM, and mails should read the same on every Node version.
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at);
  return `${date} at ${time} (${gmtOffsetLabel(at, zone)})`.replace(/[\u00a0\u202f]/g, ' ');
}
