import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useTemplate, type TemplateDetailData } from './templates.api';

/** The template an assign screen works on (from `?templateId=`), or the reason it cannot be shown. */
export function WithTemplate({
  templateId,
  title,
  children,
}: {
  templateId: string | null;
  title: string;
  children: (template: TemplateDetailData) => React.ReactNode;
}) {
  const template = useTemplate(templateId);
  if (!templateId) {
    return (
      <>
        <PageHeader title={title} />
        <NothingHere
          title="No template chosen"
          description="Open a template's actions in the template library to assign it."
          action={
            <Anchor component={Link} to="/templateLibrary">
              Go to the template library
            </Anchor>
          }
        />
      </>
    );
  }
  if (template.isPending) return <LoadingState rows={5} label="Loading the template" />;
  if (template.error) return <ErrorState error={template.error} onRetry={() => void template.refetch()} />;
  return <>{children(template.data)}</>;
}

export function BackToLibrary() {
  return (
    <Group>
      <Anchor component={Link} to="/templateLibrary" size="sm">
        ← Template library
      </Anchor>
    </Group>
  );
}
