import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AGENT_TYPES, type AgentType } from '../../../../domain/partners/agents';
import { fieldErrors } from '../../shared/api';
import { DateField } from '../../shared/DateField';

/** The agent form's values, as typed. */
export interface AgentFormValues {
  type: AgentType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  agency: string;
  registrationState: string;
  registrationNumber: string;
  registrationExpiresOn: string;
}

export const emptyAgent = (): AgentFormValues => ({
  type: 'TALENT_MANAGER',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  agency: '',
  registrationState: '',
  registrationNumber: '',
  registrationExpiresOn: '',
});

export const TYPE_OPTIONS = (Object.keys(AGENT_TYPES) as AgentType[]).map((value) => ({
  value,
  label: AGENT_TYPES[value],
}));

/** The registry's fields: who, how to reach them, and the state registration (when `registration`). */
export function AgentFields({
  values,
  onChange,
  error,
  registration = true,
  emailLocked = false,
}: {
  values: AgentFormValues;
  onChange: (next: AgentFormValues) => void;
  error: unknown;
  registration?: boolean;
  emailLocked?: boolean;
}) {
  const errors = fieldErrors(error);
  const set = (k: keyof AgentFormValues) => (value: string | null) => onChange({ ...values, [k]: value ?? '' });
  return (
    <>
      <Select
        label="Type"
        required
        data={TYPE_OPTIONS}
        value={values.type}
        allowDeselect={false}
        onChange={(v) => set('type')(v ?? 'TALENT_MANAGER')}
        error={errors.type}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          required
          value={values.firstName}
          onChange={(e) => set('firstName')(e.currentTarget.value)}
          error={errors.firstName}
        />
        <TextInput
          label="Last name"
          required
          value={values.lastName}
          onChange={(e) => set('lastName')(e.currentTarget.value)}
          error={errors.lastName}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Email"
          type="email"
          required
          disabled={emailLocked}
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={errors.email}
        />
        {registration && (
          <TextInput
            label="Phone"
            description="10 digits"
            inputMode="numeric"
            value={values.phone}
            onChange={(e) => set('phone')(e.currentTarget.value)}
            error={errors.phone}
          />
        )}
      </SimpleGrid>
      {registration && (
        <>
          <TextInput
            label="Agency"
            value={values.agency}
            onChange={(e) => set('agency')(e.currentTarget.value)}
            error={errors.agency}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Registration state"
              description="Two letters, e.g. TX"
              required
              maxLength={2}
              value={values.registrationState}
              onChange={(e) => set('registrationState')(e.currentTarget.value.toUpperCase())}
              error={errors.registrationState}
              miw={140}
            />
            <TextInput
              label="State registration number"
              required
              value={values.registrationNumber}
              onChange={(e) => set('registrationNumber')(e.currentTarget.value)}
              error={errors.registrationNumber}
              miw={180}
            />
            <DateField
              label="Registration expires on"
              required
              value={values.registrationExpiresOn || null}
              onChange={set('registrationExpiresOn')}
              error={errors.registrationExpiresOn}
              miw={180}
            />
          </Group>
        </>
      )}
    </>
  );
}

/** The create body from the form (blank optional fields as null). */
export function toAgentBody(v: AgentFormValues) {
  return {
    type: v.type,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone.trim() || null,
    agency: v.agency.trim() || null,
    registrationState: v.registrationState,
    registrationNumber: v.registrationNumber,
    registrationExpiresOn: v.registrationExpiresOn,
  };
}
