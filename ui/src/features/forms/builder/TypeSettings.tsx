import { Checkbox, Group, MultiSelect, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  ADDRESS_PARTS,
  ALLOWED_FILE_EXTENSIONS,
  DATE_FORMATS,
  FORM_LIMITS,
  SIGNATURE_MODES,
  type AddressPart,
  type AllowedFileExtension,
  type DateFormat,
  type FormElement,
  type SignatureMode,
} from '../../../../../form-engine';
import type { MakeId } from './create-element';
import { ImagePicker } from './ImagePicker';
import { DateLimitsFields, SelectionLimitsFields, TextLimitsFields } from './LimitsFields';
import { MatrixEditor } from './MatrixEditor';
import { OptionsEditor } from './OptionsEditor';
import { patchElement } from './patch-element';

const ADDRESS_PART_LABELS: Record<AddressPart, string> = {
  street: 'Street',
  street2: 'Street 2',
  city: 'City',
  state: 'State',
  postal: 'Postal code',
  country: 'Country',
};

interface Props {
  element: FormElement;
  /** A published form: only wording can change (labels, texts, option wording). */
  locked: boolean;
  makeId: MakeId;
  onChange: (element: FormElement) => void;
}

function DateFormatSelect({
  value,
  disabled,
  onChange,
}: {
  value: DateFormat | undefined;
  disabled: boolean;
  onChange: (format: DateFormat) => void;
}) {
  return (
    <Select
      label="Date format"
      allowDeselect={false}
      data={[...DATE_FORMATS]}
      value={value ?? 'MM/DD/YYYY'}
      disabled={disabled}
      onChange={(v) => v && onChange(v as DateFormat)}
    />
  );
}

function flag(checked: boolean): true | undefined {
  return checked || undefined;
}

/** The settings only some element types have (part 1 §3), by type. */
export function TypeSettings({ element, locked, makeId, onChange }: Props) {
  switch (element.type) {
    case 'fullName':
      return (
        <Stack gap="xs">
          <Switch
            label="Ask for a middle name"
            checked={element.showMiddleName ?? false}
            disabled={locked}
            onChange={(e) => onChange(patchElement(element, { showMiddleName: flag(e.currentTarget.checked) }))}
          />
          <Switch
            label="Ask for a prefix (Mr., Ms., Dr.…)"
            checked={element.showPrefix ?? false}
            disabled={locked}
            onChange={(e) => onChange(patchElement(element, { showPrefix: flag(e.currentTarget.checked) }))}
          />
        </Stack>
      );
    case 'sport':
      return (
        <Stack gap="xs">
          <Switch
            label="Multiple selection (several sports)"
            checked={element.multiple ?? false}
            disabled={locked}
            onChange={(e) => onChange(patchElement(element, { multiple: e.currentTarget.checked }))}
          />
          <Switch
            label="Offer a fixed list of sports"
            checked={!!element.options}
            disabled={locked}
            onChange={(e) =>
              onChange(
                patchElement(element, {
                  options: e.currentTarget.checked ? [{ id: makeId('opt'), label: 'Football' }] : undefined,
                }),
              )
            }
          />
          {element.options && (
            <OptionsEditor
              title="Sports"
              options={element.options}
              locked={locked}
              makeId={makeId}
              onChange={(options) => onChange(patchElement(element, { options }))}
            />
          )}
          {element.multiple && <SelectionSettings element={element} locked={locked} onChange={onChange} />}
        </Stack>
      );
    case 'shortText':
      return (
        <Stack gap="xs">
          <Select
            label="Answer format"
            allowDeselect={false}
            data={[
              { value: 'any', label: 'Any text' },
              { value: 'phone', label: 'Phone number (10 digits)' },
            ]}
            value={element.inputFormat ?? 'any'}
            disabled={locked}
            onChange={(v) => v && onChange(patchElement(element, { inputFormat: v === 'phone' ? 'phone' : undefined }))}
          />
          <TextLimitsFields
            limits={element.limits}
            disabled={locked}
            onChange={(limits) => onChange(patchElement(element, { limits }))}
          />
        </Stack>
      );
    case 'studentId':
    case 'longText':
    case 'psaName':
      return (
        <TextLimitsFields
          limits={element.limits}
          disabled={locked}
          onChange={(limits) => onChange(patchElement(element, { limits }))}
        />
      );
    case 'dob':
      return (
        <DateFormatSelect
          value={element.dateFormat}
          disabled={locked}
          onChange={(dateFormat) => onChange(patchElement(element, { dateFormat }))}
        />
      );
    case 'date':
      return (
        <Stack gap="xs">
          <DateFormatSelect
            value={element.dateFormat}
            disabled={locked}
            onChange={(dateFormat) => onChange(patchElement(element, { dateFormat }))}
          />
          <Switch
            label="Autofill today's date"
            checked={element.autofillToday ?? false}
            disabled={locked}
            onChange={(e) => onChange(patchElement(element, { autofillToday: flag(e.currentTarget.checked) }))}
          />
          <DateLimitsFields
            limits={element.limits}
            disabled={locked}
            onChange={(limits) => onChange(patchElement(element, { limits }))}
          />
        </Stack>
      );
    case 'signature':
      return (
        <Checkbox.Group
          label="Ways of signing"
          value={[...(element.modes ?? SIGNATURE_MODES)]}
          onChange={(value) =>
            value.length > 0 &&
            onChange(
              patchElement(element, {
                modes: value.length === SIGNATURE_MODES.length ? undefined : (value as SignatureMode[]),
              }),
            )
          }
        >
          <Group mt={4}>
            <Checkbox value="drawn" label="Drawn" disabled={locked} />
            <Checkbox value="typed" label="Typed" disabled={locked} />
          </Group>
        </Checkbox.Group>
      );
    case 'address':
      return (
        <Checkbox.Group
          label="Address parts shown"
          value={ADDRESS_PARTS.filter((part) => element.parts?.[part] !== false)}
          onChange={(value) => {
            const shown = new Set(value);
            const parts = Object.fromEntries(ADDRESS_PARTS.filter((p) => !shown.has(p)).map((p) => [p, false]));
            onChange(patchElement(element, { parts: Object.keys(parts).length > 0 ? parts : undefined }));
          }}
        >
          <Group mt={4} gap="sm">
            {ADDRESS_PARTS.map((part) => (
              <Checkbox key={part} value={part} label={ADDRESS_PART_LABELS[part]} disabled={locked} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'heading':
      return (
        <Select
          label="Heading size"
          allowDeselect={false}
          disabled={locked}
          data={[
            { value: '1', label: 'Large' },
            { value: '2', label: 'Medium' },
            { value: '3', label: 'Small' },
          ]}
          value={String(element.level ?? 2)}
          onChange={(v) => v && onChange(patchElement(element, { level: Number(v) as 1 | 2 | 3 }))}
        />
      );
    case 'statement':
    case 'legal':
      return (
        <Textarea
          label={element.type === 'legal' ? 'Legal text' : 'Statement text'}
          autosize
          minRows={4}
          maxRows={12}
          value={element.text}
          onChange={(e) => onChange(patchElement(element, { text: e.currentTarget.value }))}
        />
      );
    case 'dropdown':
    case 'multipleChoice':
      return (
        <Stack gap="xs">
          <Switch
            label="Multiple selection"
            checked={element.multiple ?? false}
            disabled={locked}
            onChange={(e) => onChange(patchElement(element, { multiple: flag(e.currentTarget.checked) }))}
          />
          <OptionsEditor
            title="Options"
            options={element.options}
            locked={locked}
            makeId={makeId}
            onChange={(options) => onChange(patchElement(element, { options }))}
          />
          {element.multiple && <SelectionSettings element={element} locked={locked} onChange={onChange} />}
        </Stack>
      );
    case 'checkbox':
      return (
        <Stack gap="xs">
          <OptionsEditor
            title="Checkboxes"
            options={element.options}
            locked={locked}
            makeId={makeId}
            onChange={(options) => onChange(patchElement(element, { options }))}
          />
          <SelectionSettings element={element} locked={locked} onChange={onChange} />
        </Stack>
      );
    case 'radioButtons':
      return (
        <OptionsEditor
          title="Radio buttons"
          options={element.options}
          locked={locked}
          makeId={makeId}
          onChange={(options) => onChange(patchElement(element, { options }))}
        />
      );
    case 'attachment':
      return (
        <Stack gap="xs">
          <Switch
            label="Multiple files"
            checked={element.multiple ?? false}
            disabled={locked}
            onChange={(e) =>
              onChange(
                patchElement(element, {
                  multiple: flag(e.currentTarget.checked),
                  limits: e.currentTarget.checked ? element.limits : undefined,
                }),
              )
            }
          />
          {element.multiple && (
            <NumberInput
              label="Maximum files (1–5)"
              min={1}
              max={FORM_LIMITS.maxFilesPerUpload}
              allowDecimal={false}
              disabled={locked}
              value={element.limits?.maxFiles ?? FORM_LIMITS.maxFilesPerUpload}
              onChange={(v) => typeof v === 'number' && onChange(patchElement(element, { limits: { maxFiles: v } }))}
            />
          )}
          <MultiSelect
            label="Allowed file types"
            description="All allowed types when none is picked."
            data={[...ALLOWED_FILE_EXTENSIONS]}
            value={[...(element.allowedTypes ?? [])]}
            disabled={locked}
            onChange={(value) =>
              onChange(
                patchElement(element, {
                  allowedTypes: value.length > 0 ? (value as AllowedFileExtension[]) : undefined,
                }),
              )
            }
          />
        </Stack>
      );
    case 'image':
      return <ImagePicker element={element} locked={locked} onChange={onChange} />;
    case 'scaleRating':
      return (
        <Stack gap="xs">
          <NumberInput
            label={`Number of ratings (${FORM_LIMITS.scaleMinRatings}–${FORM_LIMITS.scaleMaxRatings})`}
            min={FORM_LIMITS.scaleMinRatings}
            max={FORM_LIMITS.scaleMaxRatings}
            allowDecimal={false}
            disabled={locked}
            value={element.ratings}
            onChange={(v) =>
              typeof v === 'number' &&
              onChange(
                patchElement(element, {
                  ratings: Math.max(FORM_LIMITS.scaleMinRatings, Math.min(FORM_LIMITS.scaleMaxRatings, v)),
                }),
              )
            }
          />
          <TextInput
            label="Lowest rating text"
            value={element.lowestText ?? ''}
            onChange={(e) => onChange(patchElement(element, { lowestText: e.currentTarget.value || undefined }))}
          />
          <TextInput
            label="Highest rating text"
            value={element.highestText ?? ''}
            onChange={(e) => onChange(patchElement(element, { highestText: e.currentTarget.value || undefined }))}
          />
        </Stack>
      );
    case 'matrix':
      return <MatrixEditor element={element} locked={locked} makeId={makeId} onChange={onChange} />;
    case 'websiteLink':
      return (
        <TextInput
          label="Default website"
          placeholder="https://"
          disabled={locked}
          value={element.defaultValue ?? ''}
          onChange={(e) => onChange(patchElement(element, { defaultValue: e.currentTarget.value || undefined }))}
        />
      );
    default:
      return null;
  }
}

type SelectionElement = Extract<FormElement, { atLeastOneSelection?: boolean }>;

function SelectionSettings({
  element,
  locked,
  onChange,
}: {
  element: SelectionElement;
  locked: boolean;
  onChange: (element: FormElement) => void;
}) {
  return (
    <Stack gap="xs">
      <Switch
        label="At least one selection required"
        checked={element.atLeastOneSelection ?? false}
        disabled={locked}
        onChange={(e) => onChange(patchElement(element, { atLeastOneSelection: flag(e.currentTarget.checked) }))}
      />
      <SelectionLimitsFields
        limits={element.limits}
        disabled={locked}
        onChange={(limits) => onChange(patchElement(element, { limits }))}
      />
    </Stack>
  );
}
