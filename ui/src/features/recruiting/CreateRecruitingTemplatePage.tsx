import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ERRORS } from '../../../../domain/errors';
import { countWords, FORM_LIMITS } from '../../../../form-engine';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useCreateRecruitingTemplate } from './recruiting-forms.api';

/** /createRecruitingTemplate: names the template, then opens it in the form builder. */
export function CreateRecruitingTemplatePage() {
  const [name, setName] = useState('');
  const create = useCreateRecruitingTemplate();
  const navigate = useNavigate();
  const words = countWords(name);
  const tooLong = words > FORM_LIMITS.formNameMaxWords;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim() || tooLong) return;
    create.mutate(name.trim(), { onSuccess: (t) => navigate(`/editRecruitingTemplate/${t.id}`) });
  };
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title="New recruiting template"
        description="Name the form; you add its questions in the form builder next."
      />
      <Card withBorder component="form" onSubmit={submit}>
        <Stack>
          <TextInput
            label="Template name"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            description={`${words} of ${FORM_LIMITS.formNameMaxWords} words`}
            error={tooLong ? ERRORS.FORM_NAME_TOO_LONG.message : undefined}
            placeholder="e.g. Prospect questionnaire"
          />
          <ApiErrorAlert error={create.error} />
          <Group justify="space-between">
            <Anchor component={Link} to="/recruitingForms" size="sm">
              Back to recruiting forms
            </Anchor>
            <Button type="submit" loading={create.isPending} disabled={!name.trim() || tooLong}>
              Create and open the builder
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Publish the template when its questions are ready; only published templates can be sent.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
