import { SimpleGrid, TextInput } from '@mantine/core';
import type { AddressPart } from '../../../../form-engine';
import { FieldGroup } from './FieldGroup';
import type { FieldProps } from './field-props';
import { readParts, setAddressPart } from './part-answers';

const PART_LABELS: Record<AddressPart, string> = {
  street: 'Street',
  street2: 'Street 2',
  city: 'City',
  state: 'State',
  postal: 'Postal code',
  country: 'Country',
};

const AUTOCOMPLETE: Record<AddressPart, string> = {
  street: 'address-line1',
  street2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal: 'postal-code',
  country: 'country-name',
};

/** Address: the parts the builder chose to show; street 2 is the only optional line of a shown address. */
export function AddressField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'address'>) {
  const address = readParts<AddressPart>(value);
  return (
    <FieldGroup id={inputId} label={element.label} tips={element.tips} error={error} required={required}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {(element.input.addressParts ?? []).map(({ part, required: partRequired }) => (
          <TextInput
            key={part}
            id={`${inputId}-${part}`}
            label={PART_LABELS[part]}
            required={required && partRequired}
            autoComplete={AUTOCOMPLETE[part]}
            value={address[part] ?? ''}
            readOnly={readOnly}
            onBlur={onBlur}
            error={!!error}
            onChange={(event) => onChange(setAddressPart(value, part, event.currentTarget.value))}
          />
        ))}
      </SimpleGrid>
    </FieldGroup>
  );
}
