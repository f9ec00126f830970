import { describe, expect, it } from 'vitest';
import { compileForm, type MatrixColumn } from '../../../../form-engine';
import { everyElementForm, TODAY } from '../../../../form-engine/testing/sample-forms';
import { checkPickedFiles, formatFileSize, readAttachments, toAttachmentAnswer, toFileRef } from './attachment-answer';
import { formatDateAs } from './date-format';
import { pickedRadio, setMatrixCell } from './matrix-answer';
import { setAddressPart, setNamePart } from './part-answers';
import { drawnSignature, initialSignatureMode, readSignature, typedSignature } from './signature-answer';
import { describeSelectionLimits, describeTextLimits, joinHints } from './text-hints';

// fixed-date fixture: formats of the dates they are given.

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const compiled = compileForm(everyElementForm());
const validateOne = (id: string, value: unknown) =>
  compiled.validate({ [id]: value }, { today: TODAY }).errors.find((error) => error.elementId === id);

describe('signature answers', () => {
  it('shapes typed and drawn signatures as the engine schema wants them', () => {
    expect(typedSignature('Ana Cruz')).toEqual({ kind: 'typed', text: 'Ana Cruz' });
    expect(drawnSignature(PNG)).toEqual({ kind: 'drawn', image: PNG });
    expect(validateOne('sig', typedSignature('Ana Cruz'))).toBeUndefined();
    expect(validateOne('sig', drawnSignature(PNG))).toBeUndefined();
  });

  it('treats blank or foreign input as not signed', () => {
    expect(typedSignature('   ')).toBeUndefined();
    expect(drawnSignature(null)).toBeUndefined();
    expect(drawnSignature('data:image/jpeg;base64,AAAA')).toBeUndefined();
    expect(readSignature({ kind: 'typed', text: '' })).toBeUndefined();
    expect(readSignature('Ana')).toBeUndefined();
    expect(readSignature({ kind: 'drawn', image: PNG })).toEqual({ kind: 'drawn', image: PNG });
  });

  it('opens on the way already used, else the first offered', () => {
    expect(initialSignatureMode({ kind: 'typed', text: 'A' }, ['drawn', 'typed'])).toBe('typed');
    expect(initialSignatureMode(undefined, ['drawn', 'typed'])).toBe('drawn');
    expect(initialSignatureMode({ kind: 'drawn', image: PNG }, ['typed'])).toBe('typed');
  });
});

describe('attachment answers', () => {
  const settings = { multiple: true, maxFiles: 3 };

  it('keeps name, size and type of each file under a local id, valid for the engine', () => {
    const refs = [toFileRef({ name: 'report.pdf', size: 1000, type: 'application/pdf' }, 'local-1')];
    const answer = toAttachmentAnswer(refs, true);
    expect(answer).toEqual([{ fileId: 'local-1', name: 'report.pdf', size: 1000, contentType: 'application/pdf' }]);
    expect(validateOne('files', answer)).toBeUndefined();
    expect(toAttachmentAnswer(refs, false)).toEqual(refs[0]);
    expect(toAttachmentAnswer([], true)).toBeUndefined();
    expect(readAttachments(refs[0])).toEqual(refs);
  });

  it('omits an unknown browser type rather than sending an empty one', () => {
    expect(toFileRef({ name: 'a.csv', size: 3, type: '' }, 'x')).toEqual({ fileId: 'x', name: 'a.csv', size: 3 });
  });

  it('refuses too many files, a wrong type and files over 20 MB with the catalogue wording', () => {
    const file = { name: 'a.pdf', size: 10, type: 'application/pdf' };
    expect(checkPickedFiles([file, file, file, file], settings)).toBe('Max 3 files.');
    expect(checkPickedFiles([{ name: 'run.exe', size: 10 }], settings)).toMatch(/^run\.exe: /);
    expect(checkPickedFiles([{ name: 'big.pdf', size: 21 * 1024 * 1024 }], settings)).toBe(
      'big.pdf: File too large: the limit is 20 MB.',
    );
    expect(checkPickedFiles([file], settings)).toBeNull();
    expect(checkPickedFiles([file, file], { multiple: false })).toBe('Max 1 file.');
  });

  it('formats sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('matrix answers', () => {
  const columns: MatrixColumn[] = [
    { id: 'yes', label: 'Yes', type: 'radio' },
    { id: 'no', label: 'No', type: 'radio' },
    { id: 'surgery', label: 'Surgery', type: 'multichoice' },
    { id: 'severity', label: 'Severity', type: 'dropdown', options: [{ id: 'low', label: 'Low' }] },
    { id: 'details', label: 'Details', type: 'text' },
  ];
  const [yes, no, surgery, severity, details] = columns as [
    MatrixColumn,
    MatrixColumn,
    MatrixColumn,
    MatrixColumn,
    MatrixColumn,
  ];

  it('lets a row pick one radio column and stores unticked checkboxes as false', () => {
    let answer = setMatrixCell(undefined, columns, 'knee', yes, true);
    expect(answer).toEqual({ knee: { yes: true, surgery: false } });
    answer = setMatrixCell(answer, columns, 'knee', no, true);
    expect(answer.knee).toEqual({ no: true, surgery: false });
    expect(pickedRadio(answer, columns, 'knee')).toBe('no');
    answer = setMatrixCell(answer, columns, 'knee', surgery, true);
    expect(answer.knee?.surgery).toBe(true);
  });

  it('leaves blank dropdown and text cells out', () => {
    let answer = setMatrixCell(undefined, columns, 'back', severity, 'low');
    answer = setMatrixCell(answer, columns, 'back', details, 'sore');
    expect(answer.back).toMatchObject({ severity: 'low', details: 'sore' });
    answer = setMatrixCell(answer, columns, 'back', details, '  ');
    expect(answer.back).not.toHaveProperty('details');
  });

  it('builds answers the engine accepts when every cell is filled', () => {
    let answer: unknown = undefined;
    for (const row of ['knee', 'back']) {
      answer = setMatrixCell(answer, columns, row, yes, true);
      answer = setMatrixCell(answer, columns, row, severity, 'low');
      answer = setMatrixCell(answer, columns, row, details, 'none');
    }
    expect(validateOne('grid', answer)).toBeUndefined();
    const partial = setMatrixCell(undefined, columns, 'knee', yes, true);
    expect(validateOne('grid', partial)?.message).toMatch(/Complete every cell/);
  });
});

describe('name and address parts', () => {
  it('drops blank parts and gives no answer when all are blank', () => {
    const name = setNamePart({ first: 'Ana', last: 'Cruz' }, 'first', '');
    expect(name).toEqual({ last: 'Cruz' });
    expect(validateOne('name', name)?.message).toBe('Enter the first name.');
    expect(setNamePart({ last: 'Cruz' }, 'last', '')).toBeUndefined();
    expect(setNamePart(undefined, 'prefix', 'Dr.')).toEqual({ prefix: 'Dr.' });
    expect(setAddressPart({ city: 'Austin' }, 'postal', '78701')).toEqual({ city: 'Austin', postal: '78701' });
  });
});

describe('display helpers', () => {
  it('formats ISO dates in every element date format', () => {
    expect(formatDateAs('2026-03-05', 'MM/DD/YYYY')).toBe('03/05/2026');
    expect(formatDateAs('2026-03-05', 'DD/MM/YYYY')).toBe('05/03/2026');
    expect(formatDateAs('2026-03-05', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(formatDateAs('2026-03-05', 'MMM D, YYYY')).toBe('Mar 5, 2026');
    expect(formatDateAs('soon', 'MM/DD/YYYY')).toBe('soon');
  });

  it('describes limits in plain words', () => {
    expect(describeTextLimits(5, 12)).toBe('5 to 12 characters.');
    expect(describeTextLimits(1, 255)).toBeNull();
    expect(describeSelectionLimits(1, 2)).toBe('Choose up to 2.');
    expect(describeSelectionLimits(2, 2)).toBe('Choose 2.');
    expect(joinHints('Tip.', null, ' ', 'More.')).toBe('Tip. More.');
    expect(joinHints(undefined)).toBeUndefined();
  });
});
