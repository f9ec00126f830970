import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CARA_ERROR_REASON_LABELS, CARA_HISTORY_LABELS, type CaraTransitionAction } from '../../../../domain/bylaw17';
import { CARA_CATEGORY_LABELS, EVENT_CATEGORY_LABELS } from '../../../../domain/calendar-events';
import { API_BASE } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatClock, formatDate, formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { WhereItStands } from '../../shared/workflow-graph';
import { useCaraLog, useCaraLogAction, type CaraLogDetail, type CaraViolation } from './cara.api';
import { canDismissViolation } from '../../shared/cara/cara-check';
import { DismissViolationForm } from '../../shared/cara/CaraWarningPanel';
import { ruleLabel, statusColour, statusLabel } from './cara-labels';
import { DialogModal } from '../../shared/DialogModal';
import { PersonLink } from '../../shared/PersonLink';

type Dialog = null | 'submit' | 'approve' | 'reject' | 'reopen';
const DIALOG_TITLES: Record<Exclude<Dialog, null>, string> = {
  submit: 'Submit CARA log',
  approve: 'Approve CARA log',
  reject: 'Reject CARA log',
  reopen: 'Reopen CARA log',
};

/** One CARA log: events by day, hours per athlete against each limit, violations, survey answers and history. */
export function CaraDetailsPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const log = useCaraLog(id);
  const action = useCaraLogAction(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notes, setNotes] = useState('');
  if (log.isPending) return <LoadingState rows={6} label="Loading CARA log" />;
  if (log.error) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  const l = log.data;
  // The log's due date and the hours dashboard are the staff's; an athlete comes for the survey.
  const staff = hasPermission(me, 'cara:submit');
  const run = () => {
    if (!dialog) return;
    const body =
      dialog === 'approve' || dialog === 'reject'
        ? { decision: dialog === 'approve' ? 'APPROVE' : 'REJECT', notes: notes || null }
        : { notes: notes || null };
    action.mutate(
      { action: dialog === 'approve' || dialog === 'reject' ? 'review' : dialog, body },
      {
        onSuccess: (d) => {
          notifications.show({ color: 'teal', message: `CARA log ${statusLabel(d.status).toLowerCase()}.` });
          setDialog(null);
          setNotes('');
        },
      },
    );
  };

  return (
    <Stack>
      <PageHeader
        title={`CARA log: ${l.teamName}`}
        description={
          staff
            ? `${formatDate(l.periodStart)} to ${formatDate(l.periodEnd)} · due ${formatDateTime(l.dueAt)}`
            : `${formatDate(l.periodStart)} to ${formatDate(l.periodEnd)}`
        }
        actions={
          <>
            {staff && (
              <Anchor component={Link} to={`/caraDashboard/${l.teamId}`} size="sm">
                Hours dashboard
              </Anchor>
            )}
            {l.status === 'APPROVED' && (
              <Button
                component="a"
                variant="default"
                href={`${API_BASE}/cara/logs/${encodeURIComponent(l.id)}/pdf`}
                download
              >
                Download PDF
              </Button>
            )}
            {l.canSubmit && (
              <Button onClick={() => setDialog('submit')}>{l.status === 'REJECTED' ? 'Resubmit' : 'Submit'}</Button>
            )}
            {l.canReview && (
              <>
                <Button color="red" variant="light" onClick={() => setDialog('reject')}>
                  Reject
                </Button>
                <Button onClick={() => setDialog('approve')}>Approve</Button>
              </>
            )}
            {l.canReopen && (
              <Button variant="default" onClick={() => setDialog('reopen')}>
                Reopen
              </Button>
            )}
          </>
        }
      />
      <Group gap="sm">
        <Badge size="lg" variant="light" color={statusColour(l.status)}>
          {statusLabel(l.status)}
        </Badge>
        {staff && l.due && (
          <Text size="sm" c={l.due.kind === 'OVERDUE' ? 'red.9' : 'dimmed'}>
            {l.due.label}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {l.violations} {l.violations === 1 ? 'violation' : 'violations'} · team average {l.totalHours} hours
        </Text>
      </Group>
      {l.status === 'REJECTED' && l.reviewNotes && (
        <Alert color="red" title="Rejected: correct the calendar and resubmit">
          {l.reviewNotes}
        </Alert>
      )}
      {l.coachNotes && (
        <Text size="sm">
          <b>Coach's notes:</b> {l.coachNotes}
        </Text>
      )}
      {l.status === 'NOT_STARTED' && (
        <Alert color="gray" title="Not generated yet">
          The log is generated from the calendar when the period ends.
        </Alert>
      )}
      {l.engineError && (
        <Alert color="yellow" title="Hours not checked against Bylaw 17">
          {l.engineError.message}
        </Alert>
      )}
      {/* An athlete comes here to answer the survey: it leads while it is open. */}
      {l.canAnswerSurvey && <Survey log={l} />}
      <WhereItStands path={`/cara/logs/${l.id}/graph`} version={`${l.status}|${l.history.length}`} />
      <Violations log={l} />
      <Hours log={l} />
      <Events log={l} />
      {!l.canAnswerSurvey && <Survey log={l} />}
      <History log={l} />

      <DialogModal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? DIALOG_TITLES[dialog] : ''}
        actionLabel={dialog ? DIALOG_TITLES[dialog].split(' ')[0] : ''}
        actionColor={dialog === 'reject' ? 'red' : undefined}
        loading={action.isPending}
        onAction={run}
        error={action.error}
      >
        {dialog === 'submit' && (
          <Text size="sm">
            Once submitted, the log is locked. The reviewer approves it or sends it back with notes.
          </Text>
        )}
        <Textarea
          label={dialog === 'reject' ? 'Notes for the coach' : 'Notes'}
          required={dialog === 'reject'}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={3}
        />
      </DialogModal>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Violations({ log }: { log: CaraLogDetail }) {
  const [dismissing, setDismissing] = useState<CaraViolation | null>(null);
  if (log.violationList.length === 0)
    return (
      <Section title="Violations">
        <Text size="sm" c="dimmed">
          No Bylaw 17 violations in this period.
        </Text>
      </Section>
    );
  return (
    <Section title="Violations">
      <TableScroll minWidth={760}>
        <Table striped aria-label="Violations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Athlete</Table.Th>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Day or week</Table.Th>
              <Table.Th ta="right">Actual</Table.Th>
              <Table.Th ta="right">Limit</Table.Th>
              <Table.Th ta="right">Over by</Table.Th>
              <Table.Th>Bylaw</Table.Th>
              <Table.Th>Dismissal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.violationList.map((v) => (
              <Table.Tr key={v.key}>
                <Table.Td>
                  <PersonLink kind="athlete" id={v.athleteId} name={v.athleteName} />
                </Table.Td>
                <Table.Td>{ruleLabel(v.ruleId)}</Table.Td>
                <Table.Td>
                  {v.ruleId === 'DAILY_HOURS' || v.unit === 'activities'
                    ? formatDate(v.date)
                    : `Week of ${formatDate(v.weekStart)}`}
                </Table.Td>
                <Table.Td ta="right">{v.actual}</Table.Td>
                <Table.Td ta="right">{v.limit}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={v.dismissal ? 'dimmed' : 'red.9'} fw={600}>
                    {v.excess} {v.unit === 'hours' ? 'h' : v.unit === 'days' ? (v.excess === 1 ? 'day' : 'days') : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={v.source}>
                    {v.bylaw}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {v.dismissal ? (
                    <Text size="sm">
                      {CARA_ERROR_REASON_LABELS[v.dismissal.reason]}: {v.dismissal.note}
                    </Text>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" c="dimmed">
                        Open
                      </Text>
                      {canDismissViolation(log, v) && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Dismiss ${ruleLabel(v.ruleId)} for ${v.athleteName}`}
                          onClick={() => setDismissing(v)}
                        >
                          Dismiss
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {/* DismissViolationForm (shared with the event form's warnings) carries its own buttons. */}
      <DialogModal
        opened={!!dismissing}
        onClose={() => setDismissing(null)}
        title="Dismiss violation"
        dismissLabel={null}
      >
        {dismissing && (
          <Stack gap="sm">
            <Text size="sm">
              {dismissing.athleteName}: {dismissing.message}
            </Text>
            <Text size="sm" c="dimmed">
              Choose the error reason and write a note; the dismissal is recorded with your name.
            </Text>
            <DismissViolationForm
              teamId={log.teamId}
              violationKey={dismissing.key}
              onDone={() => {
                notifications.show({ color: 'teal', message: 'Violation dismissed.' });
                setDismissing(null);
              }}
              onCancel={() => setDismissing(null)}
            />
          </Stack>
        )}
      </DialogModal>
    </Section>
  );
}

function Hours({ log }: { log: CaraLogDetail }) {
  return (
    <Section title="Hours per athlete">
      {log.athletes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No athletes on this team.
        </Text>
      ) : (
        <TableScroll minWidth={640}>
          <Table striped aria-label="Hours per athlete">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Athlete</Table.Th>
                <Table.Th>Week</Table.Th>
                <Table.Th ta="right">Hours / weekly limit</Table.Th>
                <Table.Th ta="right">Longest day / daily limit</Table.Th>
                <Table.Th ta="right">Days off / required</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.athletes.flatMap((a) =>
                a.weeks.map((w, i) => (
                  <Table.Tr key={`${a.athleteId}-${w.weekStart}`}>
                    <Table.Td>{i === 0 ? a.name : ''}</Table.Td>
                    <Table.Td>{formatDate(w.weekStart)}</Table.Td>
                    <Table.Td ta="right">
                      <Text
                        size="sm"
                        c={w.hours > w.weeklyLimit ? 'red.9' : undefined}
                        fw={w.hours > w.weeklyLimit ? 700 : 400}
                      >
                        {w.hours} / {w.weeklyLimit}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {w.maxDayHours} / {w.dailyLimit ?? 'none'}
                    </Table.Td>
                    <Table.Td ta="right">
                      {w.daysOff} / {w.daysOffRequired ?? 'none'}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}

function Events({ log }: { log: CaraLogDetail }) {
  const days = [...new Set(log.events.map((e) => e.date))];
  return (
    <Section title="Events by day">
      {days.length === 0 ? (
        <Text size="sm" c="dimmed">
          No events in this period.
        </Text>
      ) : (
        <TableScroll minWidth={640}>
          <Table aria-label="Events by day">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Countable hours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.events.map((e, i) => (
                <Table.Tr key={e.key}>
                  <Table.Td>{i === 0 || log.events[i - 1]!.date !== e.date ? formatDate(e.date) : ''}</Table.Td>
                  <Table.Td>
                    {formatClock(e.start)}–{formatClock(e.end)}
                  </Table.Td>
                  <Table.Td>{e.name}</Table.Td>
                  <Table.Td>
                    {EVENT_CATEGORY_LABELS[e.category as keyof typeof EVENT_CATEGORY_LABELS] ?? 'Other'}
                    {e.caraCategory
                      ? ` · ${CARA_CATEGORY_LABELS[e.caraCategory as keyof typeof CARA_CATEGORY_LABELS] ?? ''}`
                      : ''}
                  </Table.Td>
                  <Table.Td ta="right">{e.countable ? e.hours : 'Not countable'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}

function Survey({ log }: { log: CaraLogDetail }) {
  const action = useCaraLogAction(log.id);
  const [answers, setAnswers] = useState<Record<string, { answer: 'CONFIRMED' | 'DISPUTED'; reason: string }>>({});
  const names = new Map(log.events.map((e) => [e.key, `${formatDate(e.date)} ${e.name}`]));
  return (
    <Section title="Athlete survey">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {log.surveyExpiresAt
            ? log.canAnswerSurvey
              ? `Confirm each event you attended, or dispute it with a reason, by ${formatDateTime(log.surveyExpiresAt)}.`
              : log.surveyOpen
                ? `Athletes confirm or dispute the events they attended until ${formatDateTime(log.surveyExpiresAt)}.`
                : 'The survey has closed.'
            : 'No athlete survey for this team.'}
        </Text>
        {log.canAnswerSurvey && (
          <Stack gap="xs">
            {log.events
              .filter((e) => e.countable)
              .map((e) => {
                const a = answers[e.key];
                return (
                  <Group key={e.key} wrap="wrap" gap="sm" align="flex-end">
                    <Text size="sm" w={260}>
                      {names.get(e.key)}
                    </Text>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Answer for ${names.get(e.key)}`}
                      value={a?.answer ?? ''}
                      onChange={(v) =>
                        setAnswers((s) => ({
                          ...s,
                          [e.key]: { answer: v as 'CONFIRMED', reason: s[e.key]?.reason ?? '' },
                        }))
                      }
                      data={[
                        { value: 'CONFIRMED', label: 'Attended' },
                        { value: 'DISPUTED', label: 'Dispute' },
                      ]}
                    />
                    {a?.answer === 'DISPUTED' && (
                      <TextInput
                        size="xs"
                        label="Reason"
                        value={a.reason}
                        onChange={(ev) => {
                          const reason = ev.currentTarget.value;
                          setAnswers((s) => ({ ...s, [e.key]: { answer: 'DISPUTED', reason } }));
                        }}
                      />
                    )}
                  </Group>
                );
              })}
            <ApiErrorAlert error={action.error} />
            <Group>
              <Button
                size="sm"
                disabled={Object.keys(answers).length === 0}
                loading={action.isPending}
                onClick={() =>
                  action.mutate(
                    {
                      action: 'survey',
                      body: {
                        answers: Object.entries(answers).map(([eventKey, a]) => ({
                          eventKey,
                          answer: a.answer,
                          reason: a.reason || null,
                        })),
                      },
                    },
                    {
                      onSuccess: () => {
                        notifications.show({ color: 'teal', message: 'Your answers are recorded.' });
                        setAnswers({});
                      },
                    },
                  )
                }
              >
                Send answers
              </Button>
            </Group>
          </Stack>
        )}
        {log.survey.length > 0 && (
          <TableScroll minWidth={520}>
            <Table aria-label="Survey answers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Athlete</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.survey.map((s) => (
                  <Table.Tr key={`${s.athleteId}-${s.eventKey}`}>
                    <Table.Td>
                      <PersonLink kind="athlete" id={s.athleteId} name={s.athleteName} />
                    </Table.Td>
                    <Table.Td>{names.get(s.eventKey) ?? 'Event'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={s.answer === 'CONFIRMED' ? 'green' : 'orange'}>
                        {s.answer === 'CONFIRMED' ? 'Attended' : 'Disputed'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{s.reason ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Section>
  );
}

function History({ log }: { log: CaraLogDetail }) {
  return (
    <Section title="History">
      {log.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {log.history.map((h, i) => (
            <Timeline.Item key={i} title={CARA_HISTORY_LABELS[h.action as CaraTransitionAction] ?? 'Step'}>
              <Text size="xs" c="dimmed">
                {formatDateTime(h.at)}
                {h.actorName ? ` · ${h.actorName}` : ''}
              </Text>
              {h.notes && <Text size="sm">{h.notes}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
