import { Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../shared/PageHeader';
import { FIXED_PROCESSES } from '../../shared/workflow-graph/fixed-processes';
import { ReadOnlyWorkflow } from '../../shared/workflow-graph/ReadOnlyWorkflow';

/** /sprySign/processes: the platform's fixed processes, drawn with the packet designer's canvas. */
export function ProcessMapsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Process maps" description="How the platform's fixed processes run, step by step." />
      {FIXED_PROCESSES.map((p) => (
        <Stack key={p.key} gap={4}>
          <Title order={2} size="h4">
            {p.title}
          </Title>
          <Text size="sm" c="dimmed">
            {p.description}
          </Text>
          <ReadOnlyWorkflow
            definition={p.definition}
            edgeLabels={p.edgeLabels}
            label={`${p.title} process`}
            height={300}
          />
        </Stack>
      ))}
    </Stack>
  );
}
