import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PsaRecruitingEvents } from './PsaRecruitingEvents';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PSA_FIELDS, type PsaField } from '../../../../domain/recruiting';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { WhereItStands } from '../../shared/workflow-graph';
import { fieldErrors } from '../../shared/api';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  ACTIVITY_KINDS,
  COMMITMENT_COLORS,
  COMMITMENT_STATUSES,
  commitmentLabel,
  PSA_EVENT_LABELS,
  PSA_STATES,
} from './recruiting-labels';
import { PsaAttachmentsCard } from './PsaAttachmentsCard';
import { PsaFormsCard } from './PsaFormsCard';
import { usePsa, usePsaAction, usePsaMeta, type PsaActivity, type PsaProfile } from './recruiting.api';
import { DateTimeField } from '../../shared/DateField';

const SECTIONS: { title: string; fields: PsaField[] }[] = [
  {
    title: 'Prospect',
    fields: [
      'firstName',
      'lastName',
      'email',
      'mobileNumber',
      'dob',
      'graduationYear',
      'highSchoolName',
      'ncaaEligibilityNumber',
    ],
  },
  {
    title: 'Athletics',
    fields: [
      'sportTeamId',
      'recruitingCoachId',
      'recruitedPosition',
      'secondaryPosition',
      'clubTeamName',
      'clubJersey',
      'heightFeet',
      'heightInches',
      'weight',
    ],
  },
  {
    title: 'Academics',
    fields: ['satScore', 'actScore', 'gpa', 'classRank', 'honors', 'intendedMajor', 'residencyStatus', 'siblings'],
  },
  {
    title: 'Address and social',
    fields: ['homeAddress', 'city', 'state', 'zipcode', 'instagram', 'tiktok', 'twitter', 'hudl'],
  },
  {
    title: 'Guardians and coaches',
    fields: [
      'guardian1Name',
      'guardian1Phone',
      'guardian1Email',
      'guardian2Name',
      'guardian2Phone',
      'guardian2Email',
      'highSchoolCoachName',
      'highSchoolCoachPhone',
      'highSchoolCoachEmail',
      'clubCoachName',
      'clubCoachPhone',
      'clubCoachEmail',
    ],
  },
];

type Form = Record<string, string>;

function formOf(profile: PsaProfile | undefined): Form {
  const out: Form = {};
  for (const name of Object.keys(PSA_FIELDS) as PsaField[]) {
    const v = profile?.psa[name];
    out[name] = v === null || v === undefined ? '' : String(v);
  }
  out.highlightLinks = (profile?.psa.highlightLinks ?? []).join('\n');
  out.customFields = (profile?.psa.customFields ?? []).map((f) => `${f.name}: ${f.value}`).join('\n');
  out.commitmentStatus = profile?.psa.commitmentStatus ?? 'NOT_COMMITTED';
  return out;
}

function bodyOf(form: Form, meta: { teams: { id: string }[] } | undefined) {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(PSA_FIELDS) as PsaField[]) {
    const def = PSA_FIELDS[name];
    const v = (form[name] ?? '').trim();
    body[name] = v === '' ? null : def.kind === 'int' || def.kind === 'number' || def.kind === 'year' ? Number(v) : v;
  }
  void meta;
  body.highlightLinks = (form.highlightLinks ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  body.customFields = (form.customFields ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf(':');
      return at < 0 ? { name: l, value: '' } : { name: l.slice(0, at).trim(), value: l.slice(at + 1).trim() };
    });
  return body;
}

/** An activity's facts on one line: where, how many nights, how long a call lasted and who made it. */
function activityFacts(a: PsaActivity): string {
  return [
    a.location,
    a.nights !== null ? countOf(a.nights, 'night') : null,
    a.durationMinutes ? countOf(a.durationMinutes, 'minute') : null,
    a.coach ? `Coach: ${a.coach}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function ActivityLog({ profile }: { profile: PsaProfile }) {
  const action = usePsaAction(profile.psa.id);
  const [kind, setKind] = useState<string | null>('PHONE_CALL');
  const [when, setWhen] = useState(() => new Date().toISOString().slice(0, 16));
  const [nights, setNights] = useState<string | number>('');
  const [location, setLocation] = useState('');
  const [summary, setSummary] = useState('');
  const isVisit = kind === 'OFFICIAL_VISIT' || kind === 'UNOFFICIAL_VISIT';
  const save = () =>
    action.mutate(
      {
        path: `/${profile.psa.id}/activities`,
        body: {
          kind,
          occurredAt: new Date(when).toISOString(),
          nights: isVisit && nights !== '' ? Number(nights) : null,
          location: location || null,
          summary: summary || null,
        },
      },
      {
        onSuccess: () => {
          setSummary('');
          setLocation('');
          setNights('');
        },
      },
    );
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Recruiting history
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Kind"
            data={Object.entries(ACTIVITY_KINDS).map(([value, label]) => ({ value, label }))}
            value={kind}
            onChange={setKind}
            allowDeselect={false}
            w={190}
          />
          <DateTimeField label="When" value={when} onChange={setWhen} w={220} />
          {isVisit && <NumberInput label="Nights" min={0} max={30} value={nights} onChange={setNights} w={100} />}
          <TextInput label="Location" value={location} onChange={(e) => setLocation(e.currentTarget.value)} w={200} />
        </Group>
        <Textarea
          label="Summary"
          autosize
          minRows={2}
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
        />
        <ApiErrorAlert error={action.error} />
        <Group>
          <Button onClick={save} loading={action.isPending}>
            Log activity
          </Button>
        </Group>
        {profile.activities.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contacts, calls, evaluations, visits or notes yet.
          </Text>
        ) : (
          <TableScroll minWidth={720}>
            <Table striped aria-label="Recruiting activity">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Details</Table.Th>
                  <Table.Th>Logged by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profile.activities.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{formatDateTime(a.occurredAt)}</Table.Td>
                    <Table.Td>{(ACTIVITY_KINDS as Record<string, string>)[a.kind] ?? a.kind}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {a.summary && <Text size="sm">{a.summary}</Text>}
                        {activityFacts(a) && (
                          <Text size="xs" c="dimmed">
                            {activityFacts(a)}
                          </Text>
                        )}
                        {a.flags.map((f) => (
                          <Badge key={f} color="red" variant="light" size="sm">
                            {f}
                          </Badge>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{a.loggedBy ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {profile.recruitingEvents && <PsaRecruitingEvents events={profile.recruitingEvents} />}
        {profile.events.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Changes
            </Text>
            {profile.events.map((e) => (
              <Text key={e.id} size="sm">
                {formatDateTime(e.at)} · {PSA_EVENT_LABELS[e.action] ?? 'Changed'}
                {e.action === 'moved'
                  ? `: ${commitmentLabel(e.details.from as string)} → ${commitmentLabel(e.details.to as string)}`
                  : ''}
                {e.action === 'transferRejected' && e.details.reason ? `: ${String(e.details.reason)}` : ''}
                {e.action === 'merged' && typeof e.details.mergedName === 'string'
                  ? `: ${e.details.mergedName}${
                      typeof e.details.attachmentsMoved === 'number' && e.details.attachmentsMoved > 0
                        ? `, ${countOf(e.details.attachmentsMoved, 'attachment')} moved here`
                        : ''
                    }`
                  : ''}
                {e.action === 'questionnaire_submitted' && typeof e.details.questionnaireId === 'string' && (
                  <>
                    {': '}
                    <Anchor component={Link} to={`/questionnaireDetails?id=${e.details.questionnaireId}`}>
                      {String(e.details.questionnaire ?? 'Questionnaire')}
                    </Anchor>
                  </>
                )}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function TransferCard({ profile }: { profile: PsaProfile }) {
  const me = useMe();
  const meta = usePsaMeta();
  const action = usePsaAction(profile.psa.id);
  const t = profile.transfer;
  const [team, setTeam] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const currentYear = meta.data?.years.find((y) => y.isCurrent)?.id ?? null;
  const canApprove = meta.data?.canApprove === true;
  const athleteLink = t?.athleteUserId
    ? me.portal === 'admin'
      ? `/adminAthleteProfile/${t.athleteUserId}`
      : `/coachAthleteProfile/${t.athleteUserId}`
    : null;
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Transfer to roster
        </Title>
        {t && (
          <Text size="sm" role="status">
            {t.status === 'PENDING' &&
              `Waiting for a school admin's approval: the ${t.teamName} roster for ${t.academicYearLabel}, requested by ${t.requestedBy ?? 'a coach'} on ${formatDate(t.requestedAt)}.`}
            {t.status === 'APPROVED' &&
              `Added to the ${t.teamName} roster for ${t.academicYearLabel} on ${formatDate(t.decidedAt)}. A transfer cannot be undone.`}
            {t.status === 'REJECTED' && `The transfer to the ${t.teamName} roster was rejected: ${t.reason ?? ''}`}
          </Text>
        )}
        {t && (
          <WhereItStands
            path={`/psas/${profile.psa.id}/transfer-graph`}
            version={`${t.status}|${t.decidedAt ?? ''}`}
            headingLevel={3}
          />
        )}
        {athleteLink && (
          <Anchor component={Link} to={athleteLink}>
            Open the athlete profile
          </Anchor>
        )}
        {(!t || t.status === 'REJECTED') && profile.psa.psaState !== 'ARCHIVED' && (
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Team"
              data={(meta.data?.teams ?? []).map((x) => ({ value: x.id, label: x.name }))}
              value={team ?? (profile.psa.sportTeamId as string | null)}
              onChange={setTeam}
              w={200}
            />
            <Select
              label="Academic year"
              data={(meta.data?.years ?? []).map((y) => ({ value: y.id, label: y.label }))}
              value={year ?? currentYear}
              onChange={setYear}
              w={160}
            />
            <Button
              onClick={() =>
                action.mutate({
                  path: `/${profile.psa.id}/transfer`,
                  body: {
                    sportTeamId: team ?? profile.psa.sportTeamId,
                    academicYearId: year ?? currentYear,
                  },
                })
              }
              loading={action.isPending}
              disabled={!(team ?? profile.psa.sportTeamId) || !(year ?? currentYear)}
            >
              Request transfer to roster
            </Button>
          </Group>
        )}
        {t?.status === 'PENDING' && canApprove && (
          <Stack>
            <Textarea
              label="Reason (needed to reject)"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Group>
              <Button
                color="green"
                onClick={() =>
                  action.mutate({ path: `/${profile.psa.id}/transfer/decision`, body: { decision: 'APPROVE' } })
                }
                loading={action.isPending && (action.variables?.body as { decision?: string })?.decision === 'APPROVE'}
              >
                Approve transfer
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() =>
                  action.mutate({ path: `/${profile.psa.id}/transfer/decision`, body: { decision: 'REJECT', reason } })
                }
                loading={action.isPending && (action.variables?.body as { decision?: string })?.decision === 'REJECT'}
              >
                Reject transfer
              </Button>
            </Group>
          </Stack>
        )}
        <ApiErrorAlert error={action.error} />
      </Stack>
    </Card>
  );
}

/** A prospect's profile (`/psaProfile/:psaId`) or a new prospect (`/psaProfile`). */
export function PsaProfilePage() {
  const { psaId = null } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const profile = usePsa(psaId);
  const meta = usePsaMeta();
  const action = usePsaAction(psaId);
  const [form, setForm] = useState<Form>(() => formOf(undefined));
  const [tags, setTags] = useState<string[]>([]);
  // A newly loaded (or saved) profile resets the form to what is stored.
  const [shown, setShown] = useState<PsaProfile | undefined>(undefined);
  if (profile.data !== shown) {
    setShown(profile.data);
    setForm(formOf(profile.data));
    setTags(profile.data?.psa.tags ?? []);
  }
  const errors = fieldErrors(action.error);
  // A refused merge (say the two prospects hold more than 20 files together) is said next to its button.
  const mergeError = action.variables?.path.endsWith('/merge') ? action.error : null;
  const creating = !psaId;
  const p = profile.data?.psa;
  const frozen = p?.commitmentStatus === 'ADDED_TO_ROSTER';

  if (!creating && profile.isPending) return <LoadingState rows={8} label="Loading prospect" />;
  if (!creating && profile.error) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;

  const input = (name: PsaField) => {
    const def = PSA_FIELDS[name];
    const common = {
      label: def.label,
      value: form[name] ?? '',
      error: errors[name],
      withAsterisk: name === 'firstName' || name === 'lastName',
    };
    if (name === 'sportTeamId' || name === 'recruitingCoachId') {
      const data =
        name === 'sportTeamId'
          ? (meta.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))
          : (meta.data?.coaches ?? []).map((c) => ({ value: c.id, label: c.name }));
      return (
        <Select
          key={name}
          {...common}
          value={form[name] || null}
          data={data}
          clearable
          onChange={(v) => setForm((f) => ({ ...f, [name]: v ?? '' }))}
        />
      );
    }
    return (
      <TextInput
        key={name}
        {...common}
        type={def.kind === 'date' ? 'date' : def.kind === 'email' ? 'email' : 'text'}
        inputMode={def.kind === 'int' || def.kind === 'number' || def.kind === 'year' ? 'decimal' : undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setForm((f) => ({ ...f, [name]: value }));
        }}
      />
    );
  };

  const save = () => {
    const body = { ...bodyOf(form, meta.data), commitmentStatus: frozen ? undefined : form.commitmentStatus, tags };
    if (creating) {
      action.mutate(
        { path: '', body },
        { onSuccess: (created) => void navigate(`/psaProfile/${created.psa.id}`, { replace: true }) },
      );
    } else {
      action.mutate({ path: `/${psaId}`, body, method: 'PATCH' });
    }
  };

  return (
    <Stack>
      <PageHeader
        title={creating ? 'New prospect' : (p?.name ?? 'Prospect')}
        description={
          p && (
            <Group gap="xs" component="span">
              <Badge variant="light" color={COMMITMENT_COLORS[p.commitmentStatus]}>
                {commitmentLabel(p.commitmentStatus)}
              </Badge>
              <Badge variant="outline" color={p.psaState === 'ARCHIVED' ? 'gray' : 'blue'}>
                {PSA_STATES[p.psaState]}
              </Badge>
              {p.lastContactDate && <span>Last contact {formatDate(p.lastContactDate)}</span>}
            </Group>
          )
        }
        actions={
          p && (
            <>
              <Button variant="default" component={Link} to="/recruitingBoard">
                Board
              </Button>
              <Button
                variant="default"
                onClick={() =>
                  action.mutate({ path: `/${p.id}/${p.psaState === 'ARCHIVED' ? 'unarchive' : 'archive'}` })
                }
              >
                {p.psaState === 'ARCHIVED' ? 'Unarchive' : 'Archive'}
              </Button>
            </>
          )
        }
      />
      {profile.data && profile.data.duplicates.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Possible duplicates
            </Title>
            {profile.data.duplicates.map((d) => (
              <Group key={d.id} justify="space-between" wrap="wrap">
                <Text size="sm">
                  <Anchor component={Link} to={`/psaProfile/${d.id}`}>
                    {d.name}
                  </Anchor>{' '}
                  has the same {d.matchedOn === 'email' ? 'email' : 'phone'}.
                </Text>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => action.mutate({ path: `/${psaId}/merge`, body: { duplicateId: d.id } })}
                >
                  Merge {d.name} into this prospect
                </Button>
              </Group>
            ))}
            <ApiErrorAlert error={mergeError} />
          </Stack>
        </Card>
      )}
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            Staff only
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TagsInput
              label="Tags"
              description="Visible to staff only; at most 50 across the school."
              data={meta.data?.tags ?? []}
              value={tags}
              onChange={setTags}
              w={360}
              clearable
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="psa-rating-label">
                Rating
              </Text>
              <Rating
                value={p?.rating ?? 0}
                aria-labelledby="psa-rating-label"
                onChange={(rating) => p && action.mutate({ path: `/${p.id}`, body: { rating }, method: 'PATCH' })}
              />
            </Stack>
            <Select
              label="Commitment status"
              data={Object.entries(COMMITMENT_STATUSES)
                .filter(([v]) => v !== 'ADDED_TO_ROSTER' || frozen)
                .map(([value, label]) => ({ value, label }))}
              value={form.commitmentStatus ?? 'NOT_COMMITTED'}
              onChange={(v) => setForm((f) => ({ ...f, commitmentStatus: v ?? 'NOT_COMMITTED' }))}
              disabled={frozen}
              allowDeselect={false}
              w={220}
            />
          </Group>
        </Stack>
      </Card>
      {SECTIONS.map((s) => (
        <Card withBorder key={s.title}>
          <Stack>
            <Title order={2} size="h4">
              {s.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{s.fields.map(input)}</SimpleGrid>
          </Stack>
        </Card>
      ))}
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            Notes, highlights and custom fields
          </Title>
          <Textarea
            label="Notes"
            description="At most 500 words."
            autosize
            minRows={3}
            value={form.notes ?? ''}
            error={errors.notes}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, notes: value }));
            }}
          />
          <Textarea
            label="Highlight links"
            description="One web address a line."
            autosize
            minRows={2}
            value={form.highlightLinks ?? ''}
            error={errors.highlightLinks}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, highlightLinks: value }));
            }}
          />
          <Textarea
            label="Custom fields"
            description="One a line, as name: value."
            autosize
            minRows={2}
            value={form.customFields ?? ''}
            error={errors.customFields}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, customFields: value }));
            }}
          />
        </Stack>
      </Card>
      <ApiErrorAlert error={mergeError ? null : action.error} isShownInline={(f) => f in errors} />
      <Group>
        <Button
          onClick={save}
          loading={action.isPending && (action.variables?.path === '' || action.variables?.method === 'PATCH')}
        >
          {creating ? 'Add prospect' : 'Save changes'}
        </Button>
      </Group>
      {profile.data && <TransferCard profile={profile.data} />}
      {profile.data && <ActivityLog profile={profile.data} />}
      {profile.data && <PsaFormsCard psaId={profile.data.psa.id} canSend={profile.data.psa.psaState !== 'ARCHIVED'} />}
      {profile.data && (
        <PsaAttachmentsCard psaId={profile.data.psa.id} canEdit={hasPermission(me, 'recruiting:write')} />
      )}
    </Stack>
  );
}
