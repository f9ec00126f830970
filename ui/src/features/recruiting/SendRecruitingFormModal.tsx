import { Alert, MultiSelect, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RECRUITING_FORM_RULES } from '../../../../domain/recruiting-forms';
import { DialogModal } from '../../shared/DialogModal';
import { countOf } from '../../shared/labels';
import { usePsaList } from './recruiting.api';
import { useRecruitingTemplates, useSendRecruitingForm } from './recruiting-forms.api';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Fixed when sending from a template's row. */
  templateId?: string | null;
  /** Fixed when sending from a prospect's profile. */
  psaId?: string | null;
}

const MAX = RECRUITING_FORM_RULES.maxRecipientsPerSend;

/**
 * Sends a published recruiting template to prospects (at most 20 at a time). Each gets their own link by e-mail;
 * prospects without an e-mail cannot be chosen.
 */
export function SendRecruitingFormModal({ opened, onClose, templateId = null, psaId = null }: Props) {
  const templates = useRecruitingTemplates();
  const psas = usePsaList({ limit: 200, sort: 'name' });
  const send = useSendRecruitingForm();
  const [template, setTemplate] = useState<string | null>(templateId);
  const [chosen, setChosen] = useState<string[]>(psaId ? [psaId] : []);
  const chosenTemplate = templates.data?.items.find((t) => t.id === (templateId ?? template));
  const published = (templates.data?.items ?? []).filter((t) => t.status === 'PUBLISHED');
  const close = () => {
    send.reset();
    if (!psaId) setChosen([]);
    if (!templateId) setTemplate(null);
    onClose();
  };
  const submit = () => {
    const id = templateId ?? template;
    if (!id) return;
    send.mutate(
      { templateId: id, psaIds: chosen },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            message: `Sent to ${countOf(result.sent, 'prospect')}. Each gets their own link by e-mail.`,
          });
          close();
        },
      },
    );
  };
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title="Send a recruiting form"
      actionLabel={chosen.length > 1 ? `Send to ${countOf(chosen.length, 'prospect')}` : 'Send'}
      onAction={submit}
      loading={send.isPending}
      actionDisabled={!(templateId ?? template) || chosen.length === 0 || chosenTemplate?.status !== 'PUBLISHED'}
      error={send.error}
    >
      {templateId ? (
        <Text size="sm">
          Template: <strong>{chosenTemplate?.name ?? '…'}</strong>
        </Text>
      ) : (
        <Select
          label="Template"
          placeholder={published.length ? 'Choose a published template' : 'No published template yet'}
          data={published.map((t) => ({ value: t.id, label: t.name }))}
          value={template}
          onChange={setTemplate}
          searchable
          withAsterisk
        />
      )}
      {chosenTemplate && chosenTemplate.status !== 'PUBLISHED' && (
        <Alert color="orange" variant="light">
          Publish the template before sending it.
        </Alert>
      )}
      {!psaId && (
        <MultiSelect
          label="Prospects"
          description={`At most ${MAX} at a time. Prospects without an e-mail cannot be chosen.`}
          placeholder={chosen.length ? undefined : 'Search prospects'}
          data={(psas.data?.items ?? []).map((p) => ({
            value: p.id,
            label: p.email ? `${p.name} · ${p.email}` : `${p.name} (no e-mail)`,
            disabled: !p.email,
          }))}
          value={chosen}
          onChange={setChosen}
          maxValues={MAX}
          searchable
          hidePickedOptions
          nothingFoundMessage="No prospect matches"
          withAsterisk
        />
      )}
    </DialogModal>
  );
}
