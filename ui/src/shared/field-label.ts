/** 'terms.0.startDate' → 'Terms 1 › start date', so a detail makes sense without the form beside it. */
export function fieldLabel(field: string): string {
  const parts = field.split('.').map((part) => {
    if (/^\d+$/.test(part)) return String(Number(part) + 1);
    const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return words;
  });
  const text = parts.join(' ').replace(/ (\d+) /g, ' $1 › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
