/**
 * Sample definitions and answers shared by the engine's tests, the benchmark and (later) UI and e2e tests: one form
 * with every element type and setting, and generators for large forms.
 */
import type { Answers, ConditionRule, FormElement, FormVersion } from '../form-definition';

export const TODAY = '2026-03-15';

const PNG_DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function everyElement(): FormElement[] {
  return [
    { id: 'title', type: 'heading', dataLabel: 'Title', label: 'Medical history', level: 1 },
    {
      id: 'name',
      type: 'fullName',
      dataLabel: 'Name',
      label: 'Full name',
      required: true,
      showMiddleName: true,
      showPrefix: true,
      prepopulate: true,
      tips: 'As on your ID',
    },
    {
      id: 'sports',
      type: 'sport',
      dataLabel: 'Sports',
      label: 'Sport(s)',
      multiple: true,
      prepopulate: true,
      options: [
        { id: 'fb', label: 'Football' },
        { id: 'bb', label: 'Basketball' },
        { id: 'sw', label: 'Swimming' },
      ],
      limits: { maxSelections: 2 },
    },
    {
      id: 'sid',
      type: 'studentId',
      dataLabel: 'Student ID',
      label: 'University student ID',
      prepopulate: true,
      limits: { minLength: 5, maxLength: 12 },
      placeholder: 'e.g. U1234567',
    },
    { id: 'standing', type: 'academicStanding', dataLabel: 'Standing', label: 'Academic standing', prepopulate: true },
    {
      id: 'dob',
      type: 'dob',
      dataLabel: 'DOB',
      label: 'Date of birth',
      required: true,
      prepopulate: true,
      dateFormat: 'MM/DD/YYYY',
    },
    { id: 'guardian', type: 'shortText', dataLabel: 'Guardian', label: 'Parent or guardian name', placeholder: 'Name' },
    {
      id: 'sig',
      type: 'signature',
      dataLabel: 'Signature',
      label: 'Signature',
      required: true,
      modes: ['drawn', 'typed'],
    },
    {
      id: 'signed',
      type: 'date',
      dataLabel: 'Signed on',
      label: 'Date',
      autofillToday: true,
      dateFormat: 'DD/MM/YYYY',
      limits: { minDate: '2026-01-01', maxDate: '2026-12-31' },
    },
    { id: 'home', type: 'address', dataLabel: 'Home address', label: 'Home address', parts: { country: false } },
    { id: 'about', type: 'longText', dataLabel: 'About', label: 'Anything else?', limits: { maxLength: 500 } },
    { id: 'note', type: 'statement', dataLabel: 'Note', label: 'Please read', text: 'This form is confidential.' },
    {
      id: 'shirt',
      type: 'dropdown',
      dataLabel: 'Shirt',
      label: 'Shirt size',
      options: [
        { id: 's', label: 'Small' },
        { id: 'm', label: 'Medium' },
        { id: 'l', label: 'Large' },
      ],
    },
    {
      id: 'diet',
      type: 'multipleChoice',
      dataLabel: 'Diet',
      label: 'Dietary needs',
      multiple: true,
      options: [
        { id: 'veg', label: 'Vegetarian' },
        { id: 'gf', label: 'Gluten free' },
        { id: 'none', label: 'None' },
      ],
      limits: { minSelections: 1, maxSelections: 2 },
    },
    {
      id: 'consents',
      type: 'checkbox',
      dataLabel: 'Consents',
      label: 'I consent to',
      atLeastOneSelection: true,
      options: [
        { id: 'photo', label: 'Photos' },
        { id: 'media', label: 'Media' },
      ],
    },
    {
      id: 'transport',
      type: 'radioButtons',
      dataLabel: 'Transport',
      label: 'Transport',
      required: true,
      options: [
        { id: 'bus', label: 'Team bus' },
        { id: 'own', label: 'Own car' },
      ],
    },
    {
      id: 'files',
      type: 'attachment',
      dataLabel: 'Files',
      label: 'Medical documents',
      multiple: true,
      limits: { maxFiles: 3 },
    },
    {
      id: 'logo',
      type: 'image',
      dataLabel: 'Logo',
      label: 'School logo',
      image: { fileId: 'img1', name: 'logo.png', size: 2048, contentType: 'image/png' },
      altText: 'Logo',
    },
    {
      id: 'health',
      type: 'scaleRating',
      dataLabel: 'Health',
      label: 'How do you feel?',
      ratings: 5,
      lowestText: 'Bad',
      highestText: 'Great',
    },
    { id: 'psa', type: 'psaName', dataLabel: 'PSA', label: 'Prospect name', prepopulate: true },
    {
      id: 'grid',
      type: 'matrix',
      dataLabel: 'Grid',
      label: 'Injuries',
      allCellsRequired: true,
      hideHeaders: false,
      rows: [
        { id: 'knee', label: 'Knee' },
        { id: 'back', label: 'Back' },
      ],
      columns: [
        { id: 'yes', label: 'Yes', type: 'radio' },
        { id: 'no', label: 'No', type: 'radio' },
        { id: 'surgery', label: 'Surgery', type: 'multichoice' },
        {
          id: 'severity',
          label: 'Severity',
          type: 'dropdown',
          options: [
            { id: 'low', label: 'Low' },
            { id: 'high', label: 'High' },
          ],
        },
        { id: 'details', label: 'Details', type: 'text' },
      ],
    },
    {
      id: 'site',
      type: 'websiteLink',
      dataLabel: 'Website',
      label: 'Highlight video',
      defaultValue: 'https://example.com',
    },
    {
      id: 'terms',
      type: 'legal',
      dataLabel: 'Terms',
      label: 'Terms',
      text: 'I agree to the athletics code of conduct.',
      required: true,
    },
    { id: 'line', type: 'divider', dataLabel: 'Divider', label: '' },
    { id: 'arrival', type: 'time', dataLabel: 'Arrival', label: 'Arrival time' },
  ];
}

/** "Guardian is required and shown only under 18; the surgery grid is hidden when the person feels great". */
export function everyElementConditions(): ConditionRule[] {
  return [
    {
      id: 'r-guardian-show',
      action: 'show',
      target: 'guardian',
      when: { combinator: 'and', conditions: [{ element: 'dob', operator: 'ageUnder', value: 18 }] },
    },
    {
      id: 'r-guardian-require',
      action: 'require',
      target: 'guardian',
      when: { combinator: 'and', conditions: [{ element: 'dob', operator: 'isNotEmpty' }] },
    },
    {
      id: 'r-grid-hide',
      action: 'hide',
      target: 'grid',
      when: { combinator: 'or', conditions: [{ element: 'health', operator: 'equals', value: 5 }] },
    },
  ];
}

export function everyElementForm(overrides: Partial<FormVersion> = {}): FormVersion {
  return {
    id: 'v1',
    formId: 'f1',
    version: 1,
    name: 'Athlete medical history',
    kind: 'long',
    elements: everyElement(),
    conditions: everyElementConditions(),
    ...overrides,
  };
}

/** A complete, valid set of answers for everyElementForm() filled by an adult on TODAY. */
export function everyElementAnswers(): Answers {
  return {
    name: { prefix: 'Ms.', first: 'Ana', middle: 'B', last: 'Cruz' },
    sports: ['fb', 'sw'],
    sid: 'U1234567',
    standing: 'SECOND_YEAR',
    dob: '2000-05-01',
    sig: { kind: 'drawn', image: PNG_DOT },
    signed: TODAY,
    home: { street: '1 Main St', street2: '', city: 'Austin', state: 'TX', postal: '78701' },
    about: 'Nothing',
    shirt: 'm',
    diet: ['veg'],
    consents: ['photo'],
    transport: 'bus',
    files: [{ fileId: 'f1', name: 'report.PDF', size: 1000, contentType: 'application/pdf' }],
    health: 3,
    psa: 'Jo Prospect',
    grid: {
      knee: { yes: true, surgery: false, severity: 'low', details: 'ACL 2019' },
      back: { no: true, surgery: false, severity: 'low', details: 'none' },
    },
    site: 'https://hudl.com/video/1',
    terms: true,
    arrival: '08:30',
  };
}

/** A form of `count` short-text and choice elements, every tenth one shown by a condition on the one before. */
export function largeForm(count: number, id = `large-${count}`): FormVersion {
  const elements: FormElement[] = [];
  const conditions: ConditionRule[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    const base = { id: `e${i}`, dataLabel: `Field ${i}`, label: `Question ${i}` };
    if (kind === 0) elements.push({ ...base, type: 'shortText', required: i % 2 === 0, limits: { maxLength: 100 } });
    else if (kind === 1)
      elements.push({
        ...base,
        type: 'radioButtons',
        options: [
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B' },
        ],
      });
    else if (kind === 2)
      elements.push({
        ...base,
        type: 'checkbox',
        options: [
          { id: 'x', label: 'X' },
          { id: 'y', label: 'Y' },
        ],
      });
    else if (kind === 3) elements.push({ ...base, type: 'date' });
    else elements.push({ ...base, type: 'scaleRating', ratings: 5 });
    if (i % 10 === 9) {
      conditions.push({
        id: `c${i}`,
        action: 'show',
        target: `e${i}`,
        when: { combinator: 'and', conditions: [{ element: `e${i - 3}`, operator: 'isNotEmpty' }] },
      });
    }
  }
  return { id, formId: 'large', version: 1, name: `Large form ${count}`, kind: 'long', elements, conditions };
}

export function largeFormAnswers(count: number): Answers {
  const answers: Answers = {};
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    const id = `e${i}`;
    if (kind === 0) answers[id] = `Answer ${i}`;
    else if (kind === 1) answers[id] = 'a';
    else if (kind === 2) answers[id] = ['x'];
    else if (kind === 3) answers[id] = '2026-01-02';
    else answers[id] = 4;
  }
  return answers;
}

/**
 * `elements` short texts with `conditions` show rules forming a DAG (each rule reads an earlier element), the
 * shape of a large form just before someone closes a cycle.
 */
export function denseConditionForm(elements: number, conditions: number, seed = 1): FormVersion {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const list: FormElement[] = Array.from({ length: elements }, (_, i) => ({
    id: `e${i}`,
    type: 'shortText',
    dataLabel: `Field ${i}`,
    label: `Question ${i}`,
  }));
  const rules: ConditionRule[] = [];
  for (let i = 0; i < conditions; i++) {
    const target = 1 + Math.floor(random() * (elements - 1));
    const source = Math.floor(random() * target);
    rules.push({
      id: `c${i}`,
      action: 'show',
      target: `e${target}`,
      when: { combinator: 'and', conditions: [{ element: `e${source}`, operator: 'isNotEmpty' }] },
    });
  }
  return {
    id: `dense-${elements}-${conditions}`,
    formId: 'dense',
    version: 1,
    name: 'Dense',
    kind: 'long',
    elements: list,
    conditions: rules,
  };
}

/**
 * `count` elements cycling through every element type, each with its own option ids and labels, so no two choice
 * elements share an answer schema (a realistic worst case for the compiler).
 */
export function variedForm(count: number, id = `varied-${count}`): FormVersion {
  const template = everyElement();
  const elements: FormElement[] = [];
  for (let i = 0; i < count; i++) {
    const source = template[i % template.length]!;
    const copy = JSON.parse(JSON.stringify(source)) as FormElement & { options?: { id: string; label: string }[] };
    copy.id = `${source.id}-${i}`;
    copy.dataLabel = `${source.dataLabel} ${i}`;
    if (copy.options)
      copy.options = copy.options.map((option) => ({ id: `${option.id}${i}`, label: `${option.label} ${i}` }));
    elements.push(copy);
  }
  return { id, formId: 'varied', version: 1, name: `Varied form ${count}`, kind: 'long', elements, conditions: [] };
}

const RENAMED_OPTION_ANSWERS = new Set(['sports', 'shirt', 'diet', 'consents', 'transport']);

/** Valid answers for variedForm(count): the sample answers of each element's template, option ids renamed. */
export function variedFormAnswers(count: number): Answers {
  const template = everyElement();
  const sample = everyElementAnswers();
  const answers: Answers = {};
  for (let i = 0; i < count; i++) {
    const source = template[i % template.length]!;
    const value = sample[source.id];
    if (value === undefined) continue;
    const rename = (id: unknown) => `${String(id)}${i}`;
    answers[`${source.id}-${i}`] = RENAMED_OPTION_ANSWERS.has(source.id)
      ? Array.isArray(value)
        ? value.map(rename)
        : rename(value)
      : value;
  }
  return answers;
}
