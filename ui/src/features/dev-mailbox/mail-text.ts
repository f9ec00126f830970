/** A run of mail text: plain words or a link a tester can follow. */
export type MailPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Splits plain-text mail into text and http(s) links; trailing punctuation stays text, not part of the link. */
export function splitMailText(text: string): MailPart[] {
  const parts: MailPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let href = match[0];
    const trailing = /[.,;:!?]+$/.exec(href)?.[0] ?? '';
    href = href.slice(0, href.length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Every distinct link in the mail, in order, for the "links in this mail" list. */
export function mailLinks(text: string): string[] {
  const links = splitMailText(text).flatMap((p) => (p.kind === 'link' ? [p.href] : []));
  return [...new Set(links)];
}
