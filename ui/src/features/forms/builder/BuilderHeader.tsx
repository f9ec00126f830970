import { Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { countWords, FORM_LIMITS } from '../../../../../form-engine';
import { usePageTitle } from '../../../shared/use-page-title';
import type { FormDetail } from '../forms.api';
import type { BuilderProblem } from './builder-problems';

interface Props {
  title: string;
  detail: FormDetail;
  name: string;
  category: string;
  problems: readonly BuilderProblem[];
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  onName: (name: string) => void;
  onCategory: (category: string) => void;
  onSave: () => void;
  onPublish: () => void;
}

/** Name (mandatory, at most 20 words), category, status, and the Save and Publish buttons. */
export function BuilderHeader({ title, detail, name, category, problems, dirty, ...props }: Props) {
  usePageTitle(`${title} · ${name || 'Untitled form'}`);
  const nameProblem = problems.find((p) => p.code === 'FORM_NAME_REQUIRED' || p.code === 'FORM_NAME_TOO_LONG');
  const published = detail.version.status === 'PUBLISHED';
  const blocked = problems.length > 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Badge color={published ? 'teal' : 'gray'} size="lg">
            {published ? `Published · v${detail.version.version}` : `Draft · v${detail.version.version}`}
          </Badge>
          {dirty && (
            <Badge color="orange" size="lg">
              Unsaved changes
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          <Button
            onClick={props.onSave}
            loading={props.saving}
            disabled={blocked || !dirty}
            title={blocked ? 'Fix the problems listed before saving' : undefined}
          >
            Save
          </Button>
          {!published && (
            <Button
              variant="light"
              onClick={props.onPublish}
              loading={props.publishing}
              disabled={blocked || dirty}
              title={dirty ? 'Save your changes before publishing' : undefined}
            >
              Publish
            </Button>
          )}
        </Group>
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label="Form name"
          withAsterisk
          value={name}
          onChange={(e) => props.onName(e.currentTarget.value)}
          description={`${countWords(name)} of ${FORM_LIMITS.formNameMaxWords} words`}
          error={nameProblem?.message}
        />
        <TextInput
          label="Category"
          placeholder="e.g. Medical, Compliance"
          value={category}
          maxLength={100}
          onChange={(e) => props.onCategory(e.currentTarget.value)}
        />
      </Group>
    </Stack>
  );
}
