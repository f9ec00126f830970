import { SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/PageHeader';
import classes from './builder.module.css';
import { CreateFormModal } from './CreateFormModal';
import { FORM_FLOWS, type FormFlow } from './form-flows';
import { formBuilderPath as builderPath } from '../form-labels';

/** /createForm/selectFlow: long form, short form or PDF import; name and category are asked in a modal. */
export function SelectFlowPage() {
  const [flow, setFlow] = useState<FormFlow | null>(null);
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageHeader title="New form" description="Choose how to build the form. You can preview it before publishing." />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {FORM_FLOWS.map((option) => (
          <UnstyledButton
            key={option.kind}
            className={classes.flowCard}
            onClick={() => setFlow(option)}
            data-testid={`flow-${option.kind.toLowerCase()}`}
          >
            <Stack gap={6}>
              <Title order={2} size="h4">
                {option.title}
              </Title>
              <Text size="sm" c="dimmed">
                {option.description}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <CreateFormModal
        flow={flow}
        onClose={() => setFlow(null)}
        onCreated={(detail) => {
          setFlow(null);
          navigate(builderPath(detail));
        }}
      />
    </Stack>
  );
}
