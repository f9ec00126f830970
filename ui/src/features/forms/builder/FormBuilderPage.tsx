import { Anchor, Button } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { useForm as useFormDetail } from '../forms.api';
import { formBuilderPath as builderPath } from '../form-labels';
import { FormBuilderWorkspace } from './FormBuilderWorkspace';

/** Loads ?formId= and opens the builder for it; a form of the other kind is sent to its own builder. */
function FormBuilderPage({ kind, title }: { kind: 'long' | 'short'; title: string }) {
  const [params] = useSearchParams();
  const formId = params.get('formId');
  const form = useFormDetail(formId);
  if (!formId) {
    return (
      <>
        <PageHeader title={title} />
        <NothingHere
          title="No form chosen"
          description="Start a new form, or open one from the paperwork list."
          action={
            <Button component={Link} to="/createForm/selectFlow">
              New form
            </Button>
          }
        />
      </>
    );
  }
  if (form.isPending) return <LoadingState rows={6} label="Loading the form" />;
  if (form.error) {
    return (
      <>
        <PageHeader title={title} />
        <ErrorState error={form.error} onRetry={() => void form.refetch()} />
        <Anchor component={Link} to="/sprySign/forms" size="sm">
          Back to paperwork
        </Anchor>
      </>
    );
  }
  const detail = form.data;
  const isShort = detail.kind === 'SHORT';
  if (isShort !== (kind === 'short')) return <Navigate to={builderPath(detail)} replace />;
  // Keyed by form id: opening another form (e.g. a clone) starts a fresh draft.
  return <FormBuilderWorkspace key={detail.id} detail={detail} title={title} />;
}

export function LongFormBuilderPage() {
  return <FormBuilderPage kind="long" title="Long form builder" />;
}

export function ShortFormBuilderPage() {
  return <FormBuilderPage kind="short" title="Short form builder" />;
}

/**
 * /editRecruitingTemplate/:id: a recruiting template is a long form of the engine, built here like any other; it is
 * sent from /recruitingForms rather than in a packet.
 */
export function RecruitingTemplateBuilderPage() {
  const { id = '' } = useParams();
  const form = useFormDetail(id || null);
  const title = 'Recruiting form template';
  const back = (
    <Anchor component={Link} to="/recruitingForms" size="sm">
      Back to recruiting forms
    </Anchor>
  );
  if (form.isPending) return <LoadingState rows={6} label="Loading the template" />;
  if (form.error) {
    return (
      <>
        <PageHeader title={title} />
        <ErrorState error={form.error} onRetry={() => void form.refetch()} />
        {back}
      </>
    );
  }
  return (
    <>
      {back}
      <FormBuilderWorkspace key={form.data.id} detail={form.data} title={title} />
    </>
  );
}
