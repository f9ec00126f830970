import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { FormVersion } from '../../../../../form-engine';
import type { BuilderProblem } from './builder-problems';
import { elementTitle } from './CanvasElement';

interface Props {
  className?: string;
  problems: readonly BuilderProblem[];
  draft: FormVersion;
  onGoTo: (elementId: string) => void;
}

/** Live result of the engine's checks; each problem links to the element to fix. Saving waits for an empty list. */
export function ProblemsPanel({ className, problems, draft, onGoTo }: Props) {
  const titleId = useId();
  const titleOf = (id: string) => {
    const element = draft.elements.find((e) => e.id === id);
    return element ? elementTitle(element) : id;
  };
  return (
    <Card
      withBorder
      padding="sm"
      className={className}
      component="section"
      aria-labelledby={titleId}
      data-testid="problems-panel"
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5" id={titleId}>
            Problems
          </Title>
          <Badge color={problems.length > 0 ? 'red' : 'teal'} aria-live="polite">
            {problems.length === 0 ? 'None' : problems.length}
          </Badge>
        </Group>
        {problems.length === 0 ? (
          <Text size="sm" c="dimmed">
            No problems: the form can be saved.
          </Text>
        ) : (
          <List size="sm" spacing={6} role="list" aria-label="Problems to fix before saving">
            {problems.map((problem) => (
              <List.Item key={problem.key} c="red.9">
                <Text size="sm" c="red.9" fw={500}>
                  {problem.message}
                </Text>
                {problem.cycle ? (
                  <Group gap={6}>
                    {problem.cycle.ids.map((id) => (
                      <Anchor key={id} component="button" type="button" size="xs" onClick={() => onGoTo(id)}>
                        Go to {titleOf(id)}
                      </Anchor>
                    ))}
                  </Group>
                ) : (
                  problem.elementId && (
                    <Anchor component="button" type="button" size="xs" onClick={() => onGoTo(problem.elementId!)}>
                      Go to {titleOf(problem.elementId)}
                    </Anchor>
                  )
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
