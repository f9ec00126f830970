import { Alert, Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FORM_LIMITS, type FormVersion } from '../../../../../form-engine';
import { errorMessage } from '../../../shared/api';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { useCloneForm, usePublishForm, useUpdateForm, type FormDetail } from '../forms.api';
import { BuilderHeader } from './BuilderHeader';
import classes from './builder.module.css';
import { browserToday, formBuilderPath as builderPath } from '../form-labels';
import { BuilderPanes } from './BuilderPanes';
import { countQuestions } from './definition-edits';
import { makeRandomId } from './create-element';
import { selectPaletteGroups } from './element-catalog';
import { ElementSettings } from './ElementSettings';
import { FormDocumentPane } from './FormDocumentPane';

import { PreviewPane } from './PreviewPane';
import { ProblemsPanel } from './ProblemsPanel';
import { ResetConfirmModal } from './ResetConfirmModal';
import { SaveErrorAlert } from './SaveErrorAlert';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { useFormBuilder } from './use-form-builder';

interface Props {
  detail: FormDetail;
  title: string;
}

/** Scrolls the selected card into view, for links from the Problems panel. */
function revealElement(id: string) {
  requestAnimationFrame(() =>
    document
      .querySelector(`[data-testid="canvas-element"][data-element-id="${CSS.escape(id)}"]`)
      ?.scrollIntoView({ block: 'center' }),
  );
}

/** One form's builder: header, Build / Preview tabs, and the save, publish and clone actions. */
export function FormBuilderWorkspace({ detail, title }: Props) {
  const saved: FormVersion = detail.version.definition;
  const locked = detail.frozen;
  const builder = useFormBuilder(saved, locked);
  const { state, dispatch, problems } = builder;
  const { draft } = state;
  const [category, setCategory] = useState(detail.category ?? '');
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [today] = useState(() => browserToday());
  const update = useUpdateForm();
  const publish = usePublishForm();
  const clone = useCloneForm();
  const navigate = useNavigate();

  const dirty = builder.definitionChanged || category.trim() !== (detail.category ?? '');
  const selected = draft.elements.find((e) => e.id === state.selectedId) ?? null;
  const isShort = draft.kind === 'short';

  const save = () =>
    update.mutate(
      { id: detail.id, input: { name: draft.name.trim(), category: category.trim() || null, definition: draft } },
      {
        onSuccess: (next) => {
          dispatch({ type: 'load', draft: next.version.definition });
          notifications.show({ color: 'teal', message: 'Form saved.' });
        },
      },
    );
  const doPublish = () =>
    publish.mutate(detail.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Form published.' }),
      onSettled: () => setConfirmPublish(false),
    });
  const doClone = () =>
    clone.mutate(
      { id: detail.id },
      {
        onSuccess: (copy) => navigate(builderPath(copy)),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not clone', message: errorMessage(error) }),
      },
    );
  const goTo = (id: string) => {
    dispatch({ type: 'select', id });
    revealElement(id);
  };

  const questions = countQuestions(draft);
  const notice = (
    <>
      {isShort && (
        <Group gap="xs">
          <Badge
            size="lg"
            color={questions >= FORM_LIMITS.shortFormMaxQuestions ? 'orange' : 'indigo'}
            data-testid="question-counter"
          >
            {questions} / {FORM_LIMITS.shortFormMaxQuestions} questions
          </Badge>
        </Group>
      )}
      {builder.refusal && (
        <Alert color="red" variant="light" role="alert">
          {builder.refusal}
        </Alert>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <BuilderHeader
        title={title}
        detail={detail}
        name={draft.name}
        category={category}
        problems={problems}
        dirty={dirty}
        saving={update.isPending}
        publishing={publish.isPending}
        onName={(name) => dispatch({ type: 'rename', name })}
        onCategory={setCategory}
        onSave={save}
        onPublish={() => setConfirmPublish(true)}
      />
      {locked && (
        <Alert color="teal" variant="light" title="Published — only minor edits; clone to change the structure">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Labels, tips, placeholders and texts can still be reworded. Adding, moving or deleting elements, settings
              and conditions need a copy of the form.
            </Text>
            <Button size="xs" variant="white" onClick={doClone} loading={clone.isPending}>
              Clone to change the structure
            </Button>
          </Group>
        </Alert>
      )}
      <SaveErrorAlert error={update.error ?? publish.error} draft={draft} />
      {problems.length > 0 && (
        <Text size="sm" c="red.9" role="status">
          Saving is disabled until the {problems.length === 1 ? 'problem' : `${problems.length} problems`} listed under
          Problems {problems.length === 1 ? 'is' : 'are'} fixed.
        </Text>
      )}
      <Tabs defaultValue="build" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="build">Build</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="build" pt="md">
          <BuilderPanes
            draft={draft}
            selectedId={state.selectedId}
            problems={problems}
            paletteGroups={selectPaletteGroups(isShort ? 'short' : 'long')}
            locked={locked}
            notice={notice}
            documentPane={
              detail.document ? <FormDocumentPane formId={detail.id} document={detail.document} /> : undefined
            }
            onAdd={builder.addElement}
            dispatch={dispatch}
            side={
              <>
                <ProblemsPanel className={classes.sideProblems} problems={problems} draft={draft} onGoTo={goTo} />
                <Card withBorder padding="sm" className={classes.sideSettings}>
                  {selected ? (
                    <ElementSettings
                      key={selected.id}
                      element={selected}
                      draft={draft}
                      problems={problems}
                      locked={locked}
                      today={today}
                      makeId={makeRandomId}
                      onChange={(element) => dispatch({ type: 'update', element })}
                      onLabel={(label) => dispatch({ type: 'setLabel', id: selected.id, label, keepDataLabel: locked })}
                      dispatch={dispatch}
                    />
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="element-settings">
                      Select an element on the form to change its settings and conditions.
                    </Text>
                  )}
                </Card>
              </>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <PreviewPane formId={detail.id} draft={draft} dirty={builder.definitionChanged} today={today} />
        </Tabs.Panel>
      </Tabs>
      <UnsavedChangesGuard dirty={dirty} />
      <ResetConfirmModal
        pending={state.pending}
        draft={draft}
        onConfirm={() => dispatch({ type: 'confirm' })}
        onClose={() => dispatch({ type: 'cancel' })}
      />
      <ConfirmModal
        opened={confirmPublish}
        title={`Publish "${draft.name}"?`}
        body="Once published, the form can be sent. Only minor edits (wording) stay possible; to change its structure you will clone it."
        confirmLabel="Publish"
        confirmColor="indigo"
        loading={publish.isPending}
        onConfirm={doPublish}
        onClose={() => setConfirmPublish(false)}
      />
    </Stack>
  );
}
