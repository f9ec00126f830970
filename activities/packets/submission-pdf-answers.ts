import { ACADEMIC_STANDING_LABELS } from '../../domain/athletes';
import {
  formatIsoDate,
  type ChoiceOption,
  type FileRef,
  type FormElement,
  type MatrixElement,
} from '../../form-engine';

/**
 * How one answer reads on paper, as pure data: the renderer draws it, tests can check it without a PDF. Any answer
 * that does not have the shape its element expects (an old version, hand-edited data) falls back to its JSON, so a
 * PDF is always produced.
 */
export type AnswerView =
  | { kind: 'empty' }
  | { kind: 'text'; lines: string[] }
  | { kind: 'choices'; items: { label: string; checked: boolean }[] }
  | { kind: 'table'; header: string[] | null; rows: string[][]; widths: number[] }
  | { kind: 'drawnSignature'; dataUrl: string }
  | { kind: 'typedSignature'; text: string };

const EMPTY: AnswerView = { kind: 'empty' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function fallback(value: unknown): AnswerView {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return { kind: 'text', lines: [String(value)] };
  }
  return { kind: 'text', lines: [JSON.stringify(value) ?? ''] };
}

function optionLabel(options: readonly ChoiceOption[] | undefined, id: unknown): string {
  const found = options?.find((option) => option.id === id);
  return found ? found.label : str(id);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function formatBytes(size: unknown): string {
  if (typeof size !== 'number' || !Number.isFinite(size)) return '';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

function describeFile(file: unknown): string {
  if (!isRecord(file)) return str(file);
  const name = str(file.name) || str(file.fileId) || 'file';
  const size = formatBytes((file as Partial<FileRef>).size);
  return size ? `${name} (${size})` : name;
}

function describeMatrix(element: MatrixElement, value: unknown): AnswerView {
  if (!isRecord(value)) return fallback(value);
  const columns = element.columns;
  const rows = element.rows.map((row) => {
    const cells = isRecord(value[row.id]) ? (value[row.id] as Record<string, unknown>) : {};
    return [
      row.label,
      ...columns.map((column) => {
        const cell = cells[column.id];
        if (cell === undefined || cell === null || cell === '') return '';
        switch (column.type) {
          case 'radio':
            return cell === true ? 'X' : '';
          case 'multichoice':
            return cell === true ? 'Yes' : 'No';
          case 'dropdown':
            return optionLabel(column.options, cell);
          case 'text':
            return str(cell);
        }
        return '';
      }),
    ];
  });
  const labelShare = columns.length > 0 ? Math.max(0.2, 1 / (columns.length + 1)) : 1;
  const rest = columns.length > 0 ? (1 - labelShare) / columns.length : 0;
  return {
    kind: 'table',
    header: element.hideHeaders ? null : ['', ...columns.map((column) => column.label)],
    rows,
    widths: [labelShare, ...columns.map(() => rest)],
  };
}

/** The answer of one element, ready to draw; `undefined`, `null`, "" and [] read as not answered. */
export function describeAnswer(element: FormElement, value: unknown): AnswerView {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return element.type === 'checkbox' ? describeChoices(element.options, []) : EMPTY;
  }
  switch (element.type) {
    case 'heading':
    case 'statement':
    case 'divider':
    case 'image':
      return EMPTY;
    case 'fullName': {
      if (!isRecord(value)) return fallback(value);
      const name = [value.prefix, value.first, value.middle, value.last].map(str).filter(Boolean).join(' ');
      return name ? { kind: 'text', lines: [name] } : EMPTY;
    }
    case 'sport':
      return {
        kind: 'text',
        lines: [
          asList(value)
            .map((id) => optionLabel(element.options, id))
            .join(', '),
        ],
      };
    case 'academicStanding': {
      const labels: Record<string, string> = ACADEMIC_STANDING_LABELS;
      return { kind: 'text', lines: [labels[str(value)] ?? str(value)] };
    }
    case 'dob':
    case 'date':
      return typeof value === 'string'
        ? { kind: 'text', lines: [formatIsoDate(value, element.dateFormat ?? 'MM/DD/YYYY')] }
        : fallback(value);
    case 'signature': {
      if (!isRecord(value)) return fallback(value);
      if (value.kind === 'drawn' && typeof value.image === 'string')
        return { kind: 'drawnSignature', dataUrl: value.image };
      if (value.kind === 'typed' && typeof value.text === 'string') return { kind: 'typedSignature', text: value.text };
      return fallback(value);
    }
    case 'address': {
      if (!isRecord(value)) return fallback(value);
      const cityLine = [str(value.city), [str(value.state), str(value.postal)].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ');
      const lines = [str(value.street), str(value.street2), cityLine, str(value.country)].filter(Boolean);
      return lines.length ? { kind: 'text', lines } : EMPTY;
    }
    case 'studentId':
    case 'shortText':
    case 'longText':
    case 'psaName':
    case 'websiteLink':
    case 'time':
      return typeof value === 'string' ? { kind: 'text', lines: [value] } : fallback(value);
    case 'dropdown':
    case 'radioButtons':
      return {
        kind: 'text',
        lines: [
          asList(value)
            .map((id) => optionLabel(element.options, id))
            .join(', '),
        ],
      };
    case 'multipleChoice':
    case 'checkbox':
      return describeChoices(element.options, asList(value));
    case 'attachment':
      return { kind: 'text', lines: asList(value).map(describeFile) };
    case 'scaleRating': {
      if (typeof value !== 'number') return fallback(value);
      const ends = [element.lowestText, element.highestText].filter(Boolean).join(' to ');
      return { kind: 'text', lines: [`${value} of ${element.ratings}${ends ? ` (${ends})` : ''}`] };
    }
    case 'matrix':
      return describeMatrix(element, value);
    case 'legal':
      return { kind: 'text', lines: [value === true ? 'Accepted' : 'Not accepted'] };
  }
  return fallback(value);
}

/** Every option with whether it was chosen, so the reader sees what was left unticked too. */
function describeChoices(options: readonly ChoiceOption[], chosen: unknown[]): AnswerView {
  const picked = new Set(chosen.map((id) => str(id)));
  const items = options.map((option) => ({ label: option.label, checked: picked.has(option.id) }));
  // Ids no longer among the options (an edited version) are still shown.
  for (const id of picked) if (!options.some((option) => option.id === id)) items.push({ label: id, checked: true });
  return { kind: 'choices', items };
}
