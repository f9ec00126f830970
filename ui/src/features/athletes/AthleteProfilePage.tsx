import {
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ACCOUNT_STATUS_LABELS } from '../../../../domain/athlete-profiles';
import { api, errorMessage, fieldErrors } from '../../shared/api';
import { formatDateTime, humanize } from '../../shared/format';
import { countOf, labelFor } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  athleteFileUrl,
  useAthleteProfile,
  useProfileHistory,
  useRemoveAthleteFile,
  useSetAthleteTags,
  useTags,
  useUpdateProfile,
  useUploadAthleteFile,
  type AthleteProfile,
} from './athletes.api';
import { ACCOUNT_STATUS_COLOUR, buildChanges, readField, rootOf, type ProfileField } from './profile-fields';
import { fullName } from '../../shared/person-name';
import { ChangeLoginEmailModal } from '../../shared/ChangeLoginEmailModal';
import { actionLabel } from '../../shared/audit-labels';
import { MoneyCard } from '../../shared/money/MoneyCard';
import { ProfileSections, visibleSections } from './ProfileSections';
import { DialogModal } from '../../shared/DialogModal';

const VIEW_TITLE = { admin: 'Student-athlete profile', coach: 'Athlete profile', athlete: 'My profile' } as const;

function useStaffOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'advisor-options'],
    queryFn: ({ signal }) =>
      api.get<{ items: Array<{ id: string; firstName: string; lastName: string }> }>('/staff', { limit: 200 }, signal),
    select: (d) => d.items.map((s) => ({ value: s.id, label: fullName(s) })),
    enabled,
  });
}

/** One profile for the admin, a coach of the athlete's team, or the athlete: only what that viewer may see and edit. */
export function AthleteProfilePage() {
  const { id = '' } = useParams();
  const me = useMe();
  const profile = useAthleteProfile(id);
  const [editing, setEditing] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  if (profile.isPending) return <LoadingState rows={8} label="Loading the profile" />;
  if (profile.error) {
    return (
      <Stack>
        <PageHeader title="Athlete profile" />
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      </Stack>
    );
  }
  const view = profile.data;
  const editable = new Set(view.editable);
  const sections = visibleSections(view);
  const canEditAny = sections.some((s) => s.fields.some((f) => editable.has(rootOf(f.key))));

  return (
    <Stack>
      <PageHeader
        title={fullName(view)}
        description={[VIEW_TITLE[view.viewer], view.sportTeamName, view.email].filter(Boolean).join(' · ')}
        actions={
          <Group gap="xs">
            <Badge color={ACCOUNT_STATUS_COLOUR[view.status] ?? 'gray'} size="lg">
              {labelFor(ACCOUNT_STATUS_LABELS, view.status)}
            </Badge>
            {view.viewer === 'admin' && (
              <Button variant="default" onClick={() => setChangingEmail(true)}>
                Change login e-mail
              </Button>
            )}
            {canEditAny && <Button onClick={() => setEditing(true)}>Edit profile</Button>}
          </Group>
        }
      />
      <ChangeLoginEmailModal
        opened={changingEmail}
        onClose={() => setChangingEmail(false)}
        url={`/athletes/${view.id}/email`}
        name={fullName(view)}
        currentEmail={view.email}
      />
      <ProfileSections view={view} sections={sections} />
      {view.tags && <TagsCard view={view} />}
      {view.files && <FilesCard view={view} />}
      {view.viewer === 'admin' && <MoneyCard scope={{ athleteUserId: view.id }} athleteId={view.id} />}
      {view.viewer === 'admin' && hasPermission(me, 'audit:read') && <HistoryCard id={view.id} />}
      {editing && (
        <EditModal view={view} fields={sections.flatMap((s) => s.fields)} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}

function EditModal({ view, fields, onClose }: { view: AthleteProfile; fields: ProfileField[]; onClose: () => void }) {
  const editable = fields.filter((f) => view.editable.includes(rootOf(f.key)));
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(editable.map((f) => [f.key, readField(view.profile, f.key) ?? null])),
  );
  const [customValues, setCustomValues] = useState<Record<string, string>>(() =>
    Object.fromEntries((view.customFields ?? []).map((f) => [f.id, f.value ?? ''])),
  );
  const update = useUpdateProfile(view.id);
  const advisors = useStaffOptions(editable.some((f) => f.kind === 'advisor'));
  const errors = fieldErrors(update.error);
  const set = (key: string, value: unknown) => setValues((v) => ({ ...v, [key]: value }));
  const canCustom = view.editable.includes('customFieldValues') && (view.customFields?.length ?? 0) > 0;

  const save = () => {
    const changes = buildChanges(view.profile, values);
    if (canCustom) {
      const changed = Object.entries(customValues).filter(
        ([id, v]) => (view.customFields!.find((f) => f.id === id)?.value ?? '') !== v,
      );
      if (changed.length) changes.customFieldValues = Object.fromEntries(changed.map(([id, v]) => [id, v || null]));
    }
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(changes, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: 'Profile saved.' });
        onClose();
      },
    });
  };

  const input = (f: ProfileField) => {
    const value = values[f.key];
    const common = { label: f.label, error: errors[f.key] ?? errors[rootOf(f.key)] };
    switch (f.kind) {
      case 'textarea':
        return (
          <Textarea
            {...common}
            autosize
            minRows={3}
            value={(value as string) ?? ''}
            onChange={(e) => set(f.key, e.currentTarget.value)}
          />
        );
      case 'number':
      case 'money':
      case 'percent':
        return (
          <NumberInput
            {...common}
            min={0}
            max={f.kind === 'percent' ? 100 : (f.max ?? 999_999)}
            decimalScale={2}
            prefix={f.kind === 'money' ? '$' : undefined}
            suffix={f.kind === 'percent' ? '%' : undefined}
            value={(value as number | null) ?? ''}
            onChange={(v) => set(f.key, typeof v === 'number' ? v : null)}
          />
        );
      case 'flag':
        return (
          <Switch label={f.label} checked={value === true} onChange={(e) => set(f.key, e.currentTarget.checked)} />
        );
      case 'select':
        return (
          <Select
            {...common}
            clearable
            data={f.options ?? []}
            value={(value as string) ?? null}
            onChange={(v) => set(f.key, v)}
          />
        );
      case 'multi':
        return (
          <MultiSelect
            {...common}
            data={f.options ?? []}
            value={(value as string[]) ?? []}
            onChange={(v) => set(f.key, v)}
          />
        );
      case 'list':
        return (
          <TagsInput
            {...common}
            description={`Up to ${f.max}; press Enter after each`}
            maxTags={f.max}
            value={(value as string[]) ?? []}
            onChange={(v) => set(f.key, v)}
          />
        );
      case 'advisor':
        return (
          <Select
            {...common}
            clearable
            searchable
            data={advisors.data ?? []}
            value={(value as string) ?? null}
            onChange={(v) => set(f.key, v)}
          />
        );
      default:
        return (
          <TextInput {...common} value={(value as string) ?? ''} onChange={(e) => set(f.key, e.currentTarget.value)} />
        );
    }
  };

  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Edit profile"
      size="lg"
      actionLabel="Save"
      onAction={save}
      loading={update.isPending}
      error={update.error}
      isShownInline={(field) => editable.some((f) => f.key === field || rootOf(f.key) === field)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {editable.map((f) => (
          <div key={f.key}>{input(f)}</div>
        ))}
        {canCustom &&
          view.customFields!.map((f) => (
            <TextInput
              key={f.id}
              label={f.name}
              value={customValues[f.id] ?? ''}
              onChange={(e) => setCustomValues((v) => ({ ...v, [f.id]: e.currentTarget.value }))}
            />
          ))}
      </SimpleGrid>
    </DialogModal>
  );
}

function TagsCard({ view }: { view: AthleteProfile }) {
  const canTag = view.editable.includes('tags');
  const tags = useTags(canTag);
  const setTags = useSetAthleteTags(view.id);
  const mine = (view.tags ?? []).filter((t) => t.byCoach === (view.viewer === 'coach'));
  const [value, setValue] = useState<string[] | null>(null);
  return (
    <Card withBorder component="section" aria-label="Tags">
      <Title order={2} size="h4" mb="sm">
        Tags this year
      </Title>
      {(view.tags ?? []).length === 0 && !canTag && <Text size="sm">No tags.</Text>}
      <Group gap={6} mb={canTag ? 'sm' : 0}>
        {(view.tags ?? []).map((t) => (
          <Badge key={`${t.id}-${t.byCoach}`} variant="light" color={t.byCoach ? 'grape' : 'blue'}>
            {t.name}
          </Badge>
        ))}
      </Group>
      {canTag && (
        <Group align="flex-end">
          <MultiSelect
            label={view.viewer === 'coach' ? 'Your tags (up to 30 a year)' : 'Tags (up to 10 a year)'}
            searchable
            data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={value ?? mine.map((t) => t.id)}
            onChange={setValue}
            error={setTags.error ? errorMessage(setTags.error) : undefined}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            variant="default"
            disabled={value === null}
            loading={setTags.isPending}
            onClick={() =>
              setTags.mutate(value ?? [], {
                onSuccess: () => {
                  setValue(null);
                  notifications.show({ color: 'teal', message: 'Tags saved.' });
                },
              })
            }
          >
            Save tags
          </Button>
        </Group>
      )}
    </Card>
  );
}

function FilesCard({ view }: { view: AthleteProfile }) {
  const canEdit = view.editable.includes('files');
  const upload = useUploadAthleteFile(view.id);
  const remove = useRemoveAthleteFile(view.id);
  const [file, setFile] = useState<File | null>(null);
  const files = view.files ?? [];
  return (
    <Card withBorder component="section" aria-label="Files">
      <Title order={2} size="h4" mb="sm">
        Files ({countOf(files.length, 'file')} of 50)
      </Title>
      {files.length === 0 && (
        <NothingHere title="No files yet" description="Documents kept for this student-athlete appear here." />
      )}
      <Stack gap={4}>
        {files.map((f) => (
          <Group key={f.id} justify="space-between" wrap="nowrap">
            <div>
              <Anchor href={athleteFileUrl(view.id, f.id)} download={f.name} size="sm">
                {f.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDateTime(f.uploadedAt)}
                {f.uploadedBy ? ` · ${f.uploadedBy}` : ''}
              </Text>
            </div>
            {canEdit && (
              <Button
                size="xs"
                variant="default"
                aria-label={`Remove ${f.name}`}
                loading={remove.isPending && remove.variables === f.id}
                onClick={() => remove.mutate(f.id)}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {canEdit && (
        <Group align="flex-end" mt="sm">
          <FileInput
            label="Add a file"
            description="PDF, image, Word, Excel, PowerPoint, CSV or ZIP; up to 20 MB"
            value={file}
            onChange={setFile}
            clearable
            error={upload.error ? errorMessage(upload.error) : undefined}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            disabled={!file}
            loading={upload.isPending}
            onClick={() =>
              file &&
              upload.mutate(file, {
                onSuccess: () => {
                  setFile(null);
                  notifications.show({ color: 'teal', message: `${file.name} uploaded.` });
                },
              })
            }
          >
            Upload
          </Button>
        </Group>
      )}
    </Card>
  );
}

const ACTION_LABELS: Record<string, string> = {
  'athlete.profile_updated': 'Profile changed',
  'athlete.tags_updated': 'Tags changed',
  'athlete.file_uploaded': 'File uploaded',
  'athlete.file_downloaded': 'File downloaded',
  'athlete.file_removed': 'File removed',
  'user.invited': 'Invited',
  'user.deactivated': 'Deactivated',
  'user.reactivated': 'Reactivated',
};

function HistoryCard({ id }: { id: string }) {
  const history = useProfileHistory(id, true);
  return (
    <Card withBorder component="section" aria-label="History">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      {history.isPending && <LoadingState rows={2} label="Loading the history" />}
      {history.error && <ErrorState error={history.error} onRetry={() => void history.refetch()} />}
      {history.data?.length === 0 && <Text size="sm">No changes yet.</Text>}
      <Stack gap={6}>
        {history.data?.map((e) => {
          const after = (e.details.after ?? {}) as Record<string, unknown>;
          const fields = Object.keys(after).map((k) => humanize(k.replace(/([a-z])([A-Z])/g, '$1 $2')));
          return (
            <div key={e.id}>
              <Text size="sm" fw={600}>
                {ACTION_LABELS[e.action] ?? actionLabel(e.action)}
                {fields.length > 0 && e.action === 'athlete.profile_updated' ? `: ${fields.join(', ')}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.createdAt)}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Text>
            </div>
          );
        })}
      </Stack>
    </Card>
  );
}
