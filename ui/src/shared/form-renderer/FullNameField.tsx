import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { FieldGroup } from './FieldGroup';
import type { FieldProps } from './field-props';
import { readParts, setNamePart, type NamePart } from './part-answers';

/** Full name: optional prefix, first, optional middle, last — with the browser's name autofill hints. */
export function FullNameField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'fullName'>) {
  const name = readParts<NamePart>(value);
  const part = (key: NamePart) => ({
    id: `${inputId}-${key}`,
    value: name[key] ?? '',
    readOnly,
    onBlur,
    error: !!error,
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(setNamePart(value, key, event.currentTarget.value)),
  });
  const columns = 2 + (element.input.prefixes ? 1 : 0) + (element.showMiddleName ? 1 : 0);
  return (
    <FieldGroup id={inputId} label={element.label} tips={element.tips} error={error} required={required}>
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm">
        {element.input.prefixes && (
          <Select
            id={`${inputId}-prefix`}
            label="Prefix"
            data={[...element.input.prefixes]}
            value={name.prefix ?? null}
            onChange={(prefix) => onChange(setNamePart(value, 'prefix', prefix))}
            onBlur={onBlur}
            readOnly={readOnly}
            clearable={!readOnly}
            autoComplete="honorific-prefix"
            error={!!error}
          />
        )}
        <TextInput label="First name" required={required} autoComplete="given-name" {...part('first')} />
        {element.showMiddleName && <TextInput label="Middle name" autoComplete="additional-name" {...part('middle')} />}
        <TextInput label="Last name" required={required} autoComplete="family-name" {...part('last')} />
      </SimpleGrid>
    </FieldGroup>
  );
}
