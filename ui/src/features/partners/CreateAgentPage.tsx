import { Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { AgentFields, emptyAgent, toAgentBody } from './AgentFields';
import { useCreateAgent } from './partners.api';

/** `/createAgent`: compliance adds an agent with their state registration; they are in the registry at once. */
export function CreateAgentPage() {
  const navigate = useNavigate();
  const create = useCreateAgent();
  const [values, setValues] = useState(emptyAgent);
  return (
    <Stack maw={760}>
      <PageHeader title="Add agent" description="The agent is in the registry once added; athletes can name them." />
      <Card withBorder>
        <form
          aria-label="Add agent"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(toAgentBody(values), {
              onSuccess: (a) => void navigate(`/confirmAgentInfo?agent=${a.id}`),
            });
          }}
        >
          <Stack gap="sm">
            <AgentFields values={values} onChange={setValues} error={create.error} />
            {create.error !== null && <ApiErrorAlert error={create.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate('/agents')}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Add agent
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
