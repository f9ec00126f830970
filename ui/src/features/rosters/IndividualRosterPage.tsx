import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../shared/api';
import { formatDate } from '../../shared/format';
import { countOf, labelFor } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  ACCOUNT_LABELS,
  athleteStatusLabel,
  ATHLETE_STATUS_OPTIONS,
  changeKindLabel,
  changeStatusLabel,
  NON_RETURNER_OPTIONS,
  rolloverLabel,
  ROLLOVER_COLORS,
  rosterStatusLabel,
  ROSTER_STATUS_OPTIONS,
} from './roster-labels';
import { WhereItStands } from '../../shared/workflow-graph';
import { useAddableAthletes, useRoster, useRosterAction, useYearRosters, type Roster } from './rosters.api';
import { YearPicker } from './YearPicker';
import { PersonLink } from '../../shared/PersonLink';
import { TableScroll } from '../../shared/table/TableScroll';
import { fullName } from '../../shared/person-name';
import { DialogModal } from '../../shared/DialogModal';

/** `/individualRoster` without a team: choose one of the teams the person may see. */
function RosterChooser() {
  const [yearId, setYearId] = useState<string | null>(null);
  const rosters = useYearRosters(yearId);
  const navigate = useNavigate();
  const year = rosters.data?.academicYear;
  return (
    <Stack>
      <PageHeader title="Roster" description="Choose a team and an academic year." />
      <YearPicker data={rosters.data} value={yearId} onChange={setYearId} />
      {rosters.isPending && <LoadingState rows={3} label="Loading teams" />}
      {rosters.error && <ErrorState error={rosters.error} />}
      {rosters.data && rosters.data.teams.length === 0 && (
        <NothingHere title="No teams" description="No team is open to you." />
      )}
      {year && (
        <Select
          label="Team"
          placeholder="Choose a team"
          w={320}
          data={(rosters.data?.teams ?? []).map((t) => ({ value: t.teamId, label: t.teamName }))}
          onChange={(teamId) => teamId && void navigate(`/individualRoster/${teamId}/${year.id}`)}
        />
      )}
    </Stack>
  );
}

/**
 * Another team's roster of the same year, for whoever may see several (an admin, or a coach of more than one team);
 * nothing is shown for a single team.
 */
function TeamSwitcher({ teamId, yearId }: { teamId: string; yearId: string }) {
  const rosters = useYearRosters(yearId);
  const navigate = useNavigate();
  const teams = rosters.data?.teams ?? [];
  if (teams.length < 2) return null;
  return (
    <Select
      label="Team"
      w={{ base: '100%', sm: 320 }}
      allowDeselect={false}
      data={teams.map((t) => ({ value: t.teamId, label: t.teamName }))}
      value={teamId}
      onChange={(next) => next && next !== teamId && void navigate(`/individualRoster/${next}/${yearId}`)}
    />
  );
}

export function IndividualRosterPage() {
  const { sportTeamId, academicYearId } = useParams();
  if (!sportTeamId || !academicYearId) return <RosterChooser />;
  return <TeamRoster teamId={sportTeamId} yearId={academicYearId} />;
}

type Dialog = null | 'add' | 'approve' | 'changes' | 'submit' | 'request';

function TeamRoster({ teamId, yearId }: { teamId: string; yearId: string }) {
  const roster = useRoster(teamId, yearId);
  const action = useRosterAction(teamId, yearId);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const r = roster.data;

  const run = (name: string, body: unknown, done: string, after?: () => void) =>
    action.mutate(
      { action: name, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: done });
          setDialog(null);
          after?.();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Not done', message: errorMessage(error) }),
      },
    );

  if (roster.isPending) return <LoadingState rows={6} label="Loading the roster" />;
  if (roster.error || !r) return <ErrorState error={roster.error} onRetry={() => void roster.refetch()} />;

  const declaring = r.canDeclare && r.rolloverStatus === 'NOT_STARTED';
  const reviewing = r.canApprove && r.rolloverStatus === 'READY_FOR_REVIEW';
  const completed = r.rolloverStatus === 'COMPLETED';
  const newcomers = r.entries.filter((e) => e.isNew).length;
  const pending = r.changeRequests.filter((c) => c.status === 'PENDING');

  return (
    <Stack>
      <PageHeader
        title={`${r.teamName} roster ${r.academicYearLabel}`}
        description={
          r.sourceYearLabel
            ? `Rolled over from ${r.sourceYearLabel}.`
            : 'The athletes on this team for the academic year.'
        }
        actions={
          <>
            {r.canApprove && (
              <Button component={Link} to={`/centralisedRoster/${yearId}`} variant="default">
                Centralised roster
              </Button>
            )}
            {r.rolloverStatus === null && (
              <Button loading={action.isPending} onClick={() => run('rollover', {}, 'The roster was rolled over.')}>
                Roll over into {r.academicYearLabel}
              </Button>
            )}
            {declaring && (
              <Button variant="default" onClick={() => setDialog('add')}>
                Add athletes
              </Button>
            )}
            {declaring && <Button onClick={() => setDialog('submit')}>Submit for review</Button>}
            {reviewing && (
              <Button variant="default" onClick={() => setDialog('changes')}>
                Request changes
              </Button>
            )}
            {reviewing && <Button onClick={() => setDialog('approve')}>Approve roster</Button>}
            {completed && r.canDeclare && (
              <Button variant="default" onClick={() => setDialog('request')}>
                Request a change
              </Button>
            )}
          </>
        }
      />
      <TeamSwitcher teamId={teamId} yearId={yearId} />
      <Group gap="sm">
        <Badge size="lg" variant="light" color={ROLLOVER_COLORS[r.rolloverStatus ?? ''] ?? 'gray'}>
          {rolloverLabel(r.rolloverStatus)}
        </Badge>
        <Text size="sm" c="dimmed">
          {countOf(r.entries.length, 'athlete')} · {countOf(newcomers, 'newcomer')}
          {r.submittedAt ? ` · submitted ${formatDate(r.submittedAt)}` : ''}
          {r.completedAt && completed ? ` · approved ${formatDate(r.completedAt)}` : ''}
        </Text>
      </Group>
      {r.reviewComment && r.rolloverStatus === 'NOT_STARTED' && (
        <Alert color="orange" title="Changes requested by an admin" role="status">
          {r.reviewComment}
        </Alert>
      )}
      {r.rolloverStatus === 'READY_FOR_REVIEW' && r.canDeclare && (
        <Alert color="blue" role="status">
          Submitted: waiting for an admin to review the roster.
        </Alert>
      )}
      {r.rolloverStatus !== null && (
        <WhereItStands
          path={`/rosters/${teamId}/${yearId}/graph`}
          version={[r.rolloverStatus, r.submittedAt, r.completedAt, r.reviewComment, r.entries.length].join('|')}
        />
      )}
      {r.rolloverStatus === null && (
        <NothingHere
          title="Not rolled over yet"
          description="Rolling over copies last year's returning athletes into this year, ready to declare."
        />
      )}
      <Tabs defaultValue="athletes">
        <Tabs.List>
          <Tabs.Tab value="athletes">Athletes</Tabs.Tab>
          <Tabs.Tab value="requests">Change requests{pending.length ? ` (${pending.length})` : ''}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="athletes" pt="md">
          <Stack>
            {declaring && (
              <StatusBar
                count={selected.length}
                busy={action.isPending}
                onApply={(body) =>
                  run('statuses', { athleteUserIds: selected, ...body }, 'Statuses saved.', () => setSelected([]))
                }
              />
            )}
            {r.rolloverStatus !== null && r.entries.length === 0 && (
              <NothingHere title="No athletes yet" description="Add athletes to this roster." />
            )}
            {r.entries.length > 0 && (
              <EntriesTable roster={r} selectable={declaring} selected={selected} onSelect={setSelected} />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <ChangeRequests
            roster={r}
            busy={action.isPending}
            onDecide={(ids, decision, comment) =>
              run(
                'change-requests/decide',
                { requestIds: ids, decision, comment },
                decision === 'APPROVE' ? 'Change requests approved.' : 'Change requests denied.',
              )
            }
          />
        </Tabs.Panel>
      </Tabs>

      <AddAthletesModal
        opened={dialog === 'add'}
        teamId={teamId}
        yearId={yearId}
        busy={action.isPending}
        onClose={() => setDialog(null)}
        onAdd={(body) => run('athletes', body, 'Athletes added to the roster.')}
      />
      <DialogModal
        opened={dialog === 'submit'}
        onClose={() => setDialog(null)}
        title="Submit the roster for review"
        focusDismiss
        actionLabel="Submit"
        loading={action.isPending}
        onAction={() => run('submit', {}, 'Roster submitted for review.')}
      >
        <Text size="sm">
          An admin will review {countOf(r.entries.length, 'athlete')}, {countOf(newcomers, 'newcomer')} included. You
          cannot change the roster while it is being reviewed.
        </Text>
      </DialogModal>
      <ApproveModal
        opened={dialog === 'approve'}
        newcomers={newcomers}
        busy={action.isPending}
        onClose={() => setDialog(null)}
        onApprove={(invite) =>
          run(
            'review',
            { decision: 'APPROVE', inviteNewAthletes: invite },
            invite ? 'Roster approved; newcomers are being invited.' : 'Roster approved.',
          )
        }
      />
      <CommentModal
        opened={dialog === 'changes'}
        busy={action.isPending}
        onClose={() => setDialog(null)}
        onSend={(comment) => run('review', { decision: 'REQUEST_CHANGES', comment }, 'Sent back to the coach.')}
      />
      <ChangeRequestModal
        opened={dialog === 'request'}
        roster={r}
        busy={action.isPending}
        onClose={() => setDialog(null)}
        onSend={(body) => run('change-requests', body, 'Change request sent to the admins.')}
      />
    </Stack>
  );
}

function StatusBar({
  count,
  busy,
  onApply,
}: {
  count: number;
  busy: boolean;
  onApply: (b: Record<string, string>) => void;
}) {
  const [athleteStatus, setAthleteStatus] = useState<string | null>(null);
  const [rosterStatus, setRosterStatus] = useState<string | null>(null);
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Athlete status"
        placeholder="Keep"
        w={240}
        clearable
        data={[
          { group: 'Not returning', items: NON_RETURNER_OPTIONS },
          {
            group: 'Other',
            items: ATHLETE_STATUS_OPTIONS.filter((o) => !NON_RETURNER_OPTIONS.some((n) => n.value === o.value)),
          },
        ]}
        value={athleteStatus}
        onChange={setAthleteStatus}
      />
      <Select
        label="Roster status"
        placeholder="Keep"
        w={180}
        clearable
        data={ROSTER_STATUS_OPTIONS}
        value={rosterStatus}
        onChange={setRosterStatus}
      />
      <Button
        disabled={count === 0 || (!athleteStatus && !rosterStatus)}
        loading={busy}
        onClick={() =>
          onApply({ ...(athleteStatus ? { athleteStatus } : {}), ...(rosterStatus ? { rosterStatus } : {}) })
        }
      >
        Apply to {countOf(count, 'athlete')}
      </Button>
    </Group>
  );
}

function EntriesTable({
  roster,
  selectable,
  selected,
  onSelect,
}: {
  roster: Roster;
  selectable: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const all = roster.entries.map((e) => e.athleteUserId);
  const toggle = (id: string) => onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <TableScroll minWidth={720}>
      <Table striped aria-label="Athletes on the roster">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all athletes"
                  checked={selected.length === all.length && all.length > 0}
                  indeterminate={selected.length > 0 && selected.length < all.length}
                  onChange={() => onSelect(selected.length === all.length ? [] : all)}
                />
              </Table.Th>
            )}
            <Table.Th>Athlete</Table.Th>
            <Table.Th>Athlete status</Table.Th>
            <Table.Th>Roster status</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Added</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roster.entries.map((e) => (
            <Table.Tr key={e.athleteUserId}>
              {selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${e.name}`}
                    checked={selected.includes(e.athleteUserId)}
                    onChange={() => toggle(e.athleteUserId)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={6}>
                  <PersonLink kind="athlete" id={e.athleteUserId} name={e.name} />
                  {e.isNew && (
                    <Badge size="xs" variant="light">
                      Newcomer
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {e.email}
                </Text>
              </Table.Td>
              <Table.Td>{athleteStatusLabel(e.athleteStatus)}</Table.Td>
              <Table.Td>{rosterStatusLabel(e.rosterStatus)}</Table.Td>
              <Table.Td>{labelFor(ACCOUNT_LABELS, e.accountStatus)}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(e.addedAt)}</Text>
                {e.addedByName && (
                  <Text size="xs" c="dimmed">
                    by {e.addedByName}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function ChangeRequests({
  roster,
  busy,
  onDecide,
}: {
  roster: Roster;
  busy: boolean;
  onDecide: (ids: string[], decision: 'APPROVE' | 'DENY', comment?: string) => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const pendingIds = roster.changeRequests.filter((c) => c.status === 'PENDING').map((c) => c.id);
  const canDecide = roster.canApprove && pendingIds.length > 0;
  if (roster.changeRequests.length === 0) {
    return (
      <NothingHere title="No change requests" description="After approval, a coach's changes wait here for an admin." />
    );
  }
  const decide = (d: 'APPROVE' | 'DENY') => {
    onDecide(selected, d, comment.trim() || undefined);
    setSelected([]);
    setComment('');
  };
  return (
    <Stack>
      {canDecide && (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Comment (optional)"
            w={280}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Button disabled={!selected.length} loading={busy} onClick={() => decide('APPROVE')}>
            Approve {countOf(selected.length, 'request')}
          </Button>
          <Button
            disabled={!selected.length}
            loading={busy}
            color="red.9"
            variant="light"
            onClick={() => decide('DENY')}
          >
            Deny {countOf(selected.length, 'request')}
          </Button>
        </Group>
      )}
      <TableScroll minWidth={640}>
        <Table striped aria-label="Change requests">
          <Table.Thead>
            <Table.Tr>
              {canDecide && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all pending requests"
                    checked={selected.length === pendingIds.length}
                    onChange={() => setSelected(selected.length === pendingIds.length ? [] : pendingIds)}
                  />
                </Table.Th>
              )}
              <Table.Th>Request</Table.Th>
              <Table.Th>Athlete</Table.Th>
              <Table.Th>New status</Table.Th>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Decision</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roster.changeRequests.map((c) => (
              <Table.Tr key={c.id}>
                {canDecide && (
                  <Table.Td>
                    {c.status === 'PENDING' && (
                      <Checkbox
                        aria-label={`Select the request for ${c.athleteName}`}
                        checked={selected.includes(c.id)}
                        onChange={() =>
                          setSelected(
                            selected.includes(c.id) ? selected.filter((s) => s !== c.id) : [...selected, c.id],
                          )
                        }
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td>{changeKindLabel(c.kind)}</Table.Td>
                <Table.Td>
                  <PersonLink kind="athlete" id={c.athleteUserId} name={c.athleteName} />
                </Table.Td>
                <Table.Td>
                  {[
                    c.athleteStatus && athleteStatusLabel(c.athleteStatus),
                    c.rosterStatus && rosterStatusLabel(c.rosterStatus),
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </Table.Td>
                <Table.Td>
                  {formatDate(c.requestedAt)}
                  {c.requestedByName ? ` by ${c.requestedByName}` : ''}
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={c.status === 'APPROVED' ? 'teal' : c.status === 'DENIED' ? 'red' : 'orange'}
                  >
                    {changeStatusLabel(c.status)}
                  </Badge>
                  {c.comment && (
                    <Text size="xs" c="dimmed">
                      {c.comment}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

function AddAthletesModal({
  opened,
  teamId,
  yearId,
  busy,
  onClose,
  onAdd,
}: {
  opened: boolean;
  teamId: string;
  yearId: string;
  busy: boolean;
  onClose: () => void;
  onAdd: (body: unknown) => void;
}) {
  const [search, setSearch] = useState('');
  const [ids, setIds] = useState<string[]>([]);
  const [person, setPerson] = useState({ firstName: '', lastName: '', email: '' });
  const addable = useAddableAthletes(teamId, yearId, search, opened);
  const newOne = person.firstName.trim() && person.lastName.trim() && person.email.trim();
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="Add athletes"
      actionLabel="Add to roster"
      loading={busy}
      actionDisabled={!ids.length && !newOne}
      onAction={() => {
        onAdd({
          athleteUserIds: ids,
          ...(newOne ? { newAthlete: { ...person, email: person.email.trim() } } : {}),
        });
        setIds([]);
        setPerson({ firstName: '', lastName: '', email: '' });
      }}
    >
      <MultiSelect
        label="Athletes of your school"
        placeholder="Search by name or e-mail"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={[
          ...(addable.data ?? []).map((a) => ({
            value: a.id,
            label: `${fullName(a)}${a.teamName ? ` (${a.teamName})` : ''}`,
          })),
        ]}
        value={ids}
        onChange={setIds}
        nothingFoundMessage="No athlete found"
      />
      <Text size="sm" fw={500}>
        Or a new athlete
      </Text>
      <Group grow wrap="wrap">
        <TextInput
          label="First name"
          value={person.firstName}
          onChange={(e) => setPerson({ ...person, firstName: e.currentTarget.value })}
        />
        <TextInput
          label="Last name"
          value={person.lastName}
          onChange={(e) => setPerson({ ...person, lastName: e.currentTarget.value })}
        />
      </Group>
      <TextInput
        label="University e-mail"
        type="email"
        value={person.email}
        onChange={(e) => setPerson({ ...person, email: e.currentTarget.value })}
      />
    </DialogModal>
  );
}

function ApproveModal({
  opened,
  newcomers,
  busy,
  onClose,
  onApprove,
}: {
  opened: boolean;
  newcomers: number;
  busy: boolean;
  onClose: () => void;
  onApprove: (invite: boolean) => void;
}) {
  const [invite, setInvite] = useState(true);
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="Approve the roster"
      focusDismiss
      actionLabel="Approve"
      loading={busy}
      onAction={() => onApprove(invite && newcomers > 0)}
    >
      <Text size="sm">Approving completes the roster. Later changes are sent as change requests.</Text>
      <Checkbox
        label={`Invite the ${countOf(newcomers, 'newly added athlete')} now`}
        checked={invite && newcomers > 0}
        disabled={newcomers === 0}
        onChange={(e) => setInvite(e.currentTarget.checked)}
      />
    </DialogModal>
  );
}

function CommentModal({
  opened,
  busy,
  onClose,
  onSend,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSend: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="Request changes"
      actionLabel="Send back to the coach"
      loading={busy}
      onAction={() => (comment.trim() ? onSend(comment.trim()) : setError('A comment is required to request changes.'))}
    >
      <Textarea
        label="What should the coach change?"
        required
        autosize
        minRows={3}
        maxLength={2000}
        value={comment}
        error={error}
        onChange={(e) => {
          setComment(e.currentTarget.value);
          setError(null);
        }}
      />
    </DialogModal>
  );
}

function ChangeRequestModal({
  opened,
  roster,
  busy,
  onClose,
  onSend,
}: {
  opened: boolean;
  roster: Roster;
  busy: boolean;
  onClose: () => void;
  onSend: (body: unknown) => void;
}) {
  const [kind, setKind] = useState<string>('STATUS_CHANGE');
  const [athlete, setAthlete] = useState<string | null>(null);
  const [athleteStatus, setAthleteStatus] = useState<string | null>(null);
  const [rosterStatus, setRosterStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const addable = useAddableAthletes(roster.teamId, roster.academicYearId, search, opened && kind === 'ADD');
  const options =
    kind === 'ADD'
      ? (addable.data ?? []).map((a) => ({ value: a.id, label: fullName(a) }))
      : roster.entries.map((e) => ({ value: e.athleteUserId, label: e.name }));
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="Request a roster change"
      actionLabel="Send request"
      loading={busy}
      actionDisabled={
        !athlete ||
        (kind === 'STATUS_CHANGE' && !athleteStatus && !rosterStatus) ||
        (kind === 'REMOVE' && !athleteStatus)
      }
      onAction={() =>
        onSend({
          kind,
          athleteUserId: athlete,
          ...(athleteStatus && kind !== 'ADD' ? { athleteStatus } : {}),
          ...(rosterStatus && kind === 'STATUS_CHANGE' ? { rosterStatus } : {}),
        })
      }
    >
      <Select
        label="Change"
        allowDeselect={false}
        data={[
          { value: 'STATUS_CHANGE', label: changeKindLabel('STATUS_CHANGE') },
          { value: 'REMOVE', label: changeKindLabel('REMOVE') },
          { value: 'ADD', label: changeKindLabel('ADD') },
        ]}
        value={kind}
        onChange={(v) => {
          setKind(v ?? 'STATUS_CHANGE');
          setAthlete(null);
        }}
      />
      <Select
        label="Athlete"
        searchable
        data={options}
        value={athlete}
        onChange={setAthlete}
        {...(kind === 'ADD' ? { searchValue: search, onSearchChange: setSearch } : {})}
      />
      {kind !== 'ADD' && (
        <Select
          label="Athlete status"
          clearable
          data={kind === 'REMOVE' ? NON_RETURNER_OPTIONS : ATHLETE_STATUS_OPTIONS}
          value={athleteStatus}
          onChange={setAthleteStatus}
        />
      )}
      {kind === 'STATUS_CHANGE' && (
        <Select
          label="Roster status"
          clearable
          data={ROSTER_STATUS_OPTIONS}
          value={rosterStatus}
          onChange={setRosterStatus}
        />
      )}
    </DialogModal>
  );
}
