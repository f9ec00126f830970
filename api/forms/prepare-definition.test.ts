import { describe, expect, it } from 'vitest';
import { copyName } from './clone-form.service';
import { isFrozen, prepareDefinition } from './prepare-definition';

describe('prepareDefinition', () => {
  const owned = { versionId: 'v-1', formId: 'f-1', version: 3, kind: 'SHORT' as const, document: null };

  it('sets the identity and kind from the server and drops a client pdfImport', () => {
    const out = prepareDefinition(
      { id: 'x', formId: 'y', version: 9, kind: 'long', name: ' Trip ', elements: [], conditions: [], pdfImport: {} },
      owned,
    );
    expect(out).toEqual({
      id: 'v-1',
      formId: 'f-1',
      version: 3,
      kind: 'short',
      name: 'Trip',
      elements: [],
      conditions: [],
    });
  });

  it('takes the name from the request when given and the PDF from the stored document', () => {
    const out = prepareDefinition(
      { name: 'Old', elements: [], conditions: [] },
      { ...owned, kind: 'PDF', name: 'New ', document: { id: 'd-1', filename: 'a.pdf', sizeBytes: 10 } },
    );
    expect(out).toMatchObject({
      name: 'New',
      kind: 'long',
      pdfImport: { fileId: 'd-1', name: 'a.pdf', size: 10, contentType: 'application/pdf' },
    });
  });
});

describe('isFrozen', () => {
  it('freezes published or answered versions', () => {
    expect(isFrozen({ status: 'DRAFT', hasAnswers: false })).toBe(false);
    expect(isFrozen({ status: 'PUBLISHED', hasAnswers: false })).toBe(true);
    expect(isFrozen({ status: 'DRAFT', hasAnswers: true })).toBe(true);
  });
});

describe('copyName', () => {
  it('appends "(copy)" and stays within 20 words', () => {
    expect(copyName('Travel waiver')).toBe('Travel waiver (copy)');
    const twenty = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(copyName(twenty).split(' ')).toHaveLength(20);
    expect(copyName(twenty).endsWith('w18 (copy)')).toBe(true);
  });
});
