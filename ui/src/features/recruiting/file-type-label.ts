const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'text/csv': 'CSV',
  'application/zip': 'ZIP',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'image/gif': 'GIF image',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
};

/** A file's kind in words (PDF, Word, PNG image), from its stored type, else its extension. */
export function fileTypeLabel(contentType: string, filename: string): string {
  const known = TYPE_LABELS[contentType.split(';')[0]!.trim().toLowerCase()];
  if (known) return known;
  const ext = filename.includes('.') ? filename.split('.').pop()!.toUpperCase() : '';
  return ext || 'File';
}
