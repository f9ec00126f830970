import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { toPdfText, wrapText } from '../../activities/packets/submission-pdf-text';
import { CARA_ERROR_REASON_LABELS, CARA_LOG_STATUS_LABELS, CARA_HISTORY_LABELS } from '../../domain/bylaw17';
import { CARA_CATEGORY_LABELS, EVENT_CATEGORY_LABELS } from '../../domain/calendar-events';
import { formatDayRange } from '../../domain/calendar';
import type { LogDetail } from './cara.schemas';

/**
 * An approved CARA log as a PDF for the NCAA file (pdf-lib, standard fonts, US Letter): the team and period, the
 * events by day, hours per athlete per week against the limits, the violations with their dismissals, the survey
 * answers and the history.
 */
const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 54;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.44, 0.48);
const RED = rgb(0.7, 0.1, 0.1);

export async function renderCaraLogPdf(log: LogDetail, generatedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toPdfText(`CARA log ${log.teamName} ${formatDayRange(log.periodStart, log.periodEnd)}`));
  doc.setCreator('Compliance platform');
  doc.setCreationDate(generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const line = (text: string, opts: { font?: PDFFont; size?: number; color?: typeof INK; indent?: number } = {}) => {
    const size = opts.size ?? 10;
    const font = opts.font ?? regular;
    const width = WIDTH - 2 * MARGIN - (opts.indent ?? 0);
    for (const part of wrapText(toPdfText(text), width, size, (t, s) => font.widthOfTextAtSize(t, s))) {
      if (y < MARGIN + size) {
        page = doc.addPage([WIDTH, HEIGHT]);
        y = HEIGHT - MARGIN;
      }
      page.drawText(part, { x: MARGIN + (opts.indent ?? 0), y, size, font, color: opts.color ?? INK });
      y -= size + 4;
    }
  };
  const gap = (n = 8) => (y -= n);

  line(`CARA log: ${log.teamName}`, { font: bold, size: 16 });
  line(`Period ${formatDayRange(log.periodStart, log.periodEnd)}. Status: ${CARA_LOG_STATUS_LABELS[log.status]}.`, {
    color: MUTED,
  });
  line(`Generated ${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`, { color: MUTED });
  if (log.coachNotes) line(`Coach's notes: ${log.coachNotes}`);
  if (log.reviewNotes) line(`Reviewer's notes: ${log.reviewNotes}`);
  gap();

  line('Events', { font: bold, size: 12 });
  if (log.events.length === 0) line('No events in this period.', { color: MUTED });
  for (const e of log.events) {
    const kind = EVENT_CATEGORY_LABELS[e.category as keyof typeof EVENT_CATEGORY_LABELS] ?? e.category;
    const cara = e.caraCategory
      ? `, ${CARA_CATEGORY_LABELS[e.caraCategory as keyof typeof CARA_CATEGORY_LABELS] ?? e.caraCategory}`
      : '';
    line(
      `${e.date} ${e.start.slice(11)}-${e.end.slice(11)}  ${e.name} (${kind}${cara})  ${e.countable ? `${e.hours} h countable` : 'not countable'}`,
      { indent: 8 },
    );
  }
  gap();

  line('Hours per athlete per week', { font: bold, size: 12 });
  for (const a of log.athletes) {
    const weeks = a.weeks
      .map((w) => `week of ${w.weekStart}: ${w.hours} of ${w.weeklyLimit} h, ${w.daysOff} days off`)
      .join('; ');
    line(`${a.name}: ${weeks || 'no weeks'}`, { indent: 8 });
  }
  gap();

  line('Violations', { font: bold, size: 12 });
  if (log.violationList.length === 0) line('No violations.', { color: MUTED });
  for (const v of log.violationList) {
    line(`${v.athleteName}, ${v.date}: ${v.message} (Bylaw ${v.bylaw})`, {
      indent: 8,
      color: v.dismissal ? MUTED : RED,
    });
    if (v.dismissal)
      line(`Dismissed: ${CARA_ERROR_REASON_LABELS[v.dismissal.reason]}. ${v.dismissal.note}`, {
        indent: 20,
        color: MUTED,
      });
  }
  gap();

  line('Athlete survey', { font: bold, size: 12 });
  if (log.survey.length === 0) line('No answers.', { color: MUTED });
  for (const s of log.survey)
    line(
      `${s.athleteName}: ${s.answer === 'CONFIRMED' ? 'confirmed' : 'disputed'} ${s.eventKey}${s.reason ? ` (${s.reason})` : ''}`,
      {
        indent: 8,
      },
    );
  gap();

  line('History', { font: bold, size: 12 });
  for (const h of log.history)
    line(
      `${h.at.slice(0, 16).replace('T', ' ')} UTC  ${CARA_HISTORY_LABELS[h.action as keyof typeof CARA_HISTORY_LABELS] ?? h.action}${h.actorName ? ` by ${h.actorName}` : ''}${h.notes ? `: ${h.notes}` : ''}`,
      { indent: 8 },
    );
  return doc.save();
}
