import type { DatesSetArg, EventClickArg, EventDropArg, EventInput as FcEvent } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Badge, Button, Card, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_COLOURS,
  EVENT_CATEGORY_LABELS,
  instantToLocal,
  type EventCategory,
} from '../../../../domain/calendar-events';
import { countabilityOf } from '../../../../domain/bylaw17/rules';
import type { CheckBody, CheckResult } from '../../../../api/cara/cara.schemas';
import { api, errorMessage } from '../../shared/api';
import { PlusIcon } from '../../shared/icons';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState } from '../../shared/states';
import { moveDecision } from '../../shared/cara/cara-check';
import type { CaraViolation } from '../../shared/cara/cara-check.api';
import { CaraWarningList } from '../../shared/cara/CaraWarningPanel';
import { CalendarFeedModal } from './CalendarFeedModal';
import { EventDetailsModal } from './EventDetailsModal';
import { EventFormModal } from './EventFormModal';
import {
  toEventInput,
  useCalendarPeople,
  useEvent,
  useOccurrences,
  useSaveEvent,
  type CalendarEvent,
  type EventInput,
  type Occurrence,
  type RangeFilter,
} from './events.api';
import { useCalendarTeams, useSchoolTimeZone } from './segments.api';
import { fromCalendarClock, schoolTimeNote, toCalendarClock } from './school-time';
import classes from './CalendarPage.module.css';
import { DialogModal } from '../../shared/DialogModal';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The calendar (/adminCalendar): month, week, day and list views from one range query, filtered by team, category
 * and person. Staff drag an occurrence of their teams' events to move or resize it (that occurrence only).
 */
export function CalendarPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'calendar:write');
  const narrow = useMediaQuery('(max-width: 48em)');
  const teams = useCalendarTeams();
  // Every time on the calendar is the school's wall clock, whatever the browser's zone (until it loads, the browser's).
  const zone = useSchoolTimeZone() ?? BROWSER_ZONE;
  const people = useCalendarPeople();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [personId, setPersonId] = useState<string | null>(null);
  const filter: RangeFilter | null = range ? { ...range, teamIds, categories, personId } : null;
  const occurrences = useOccurrences(filter);
  const [opened, setOpened] = useState<Occurrence | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  const [editing, setEditing] = useState<{ occurrence: Occurrence } | null>(null);
  const editingEvent = useEvent(editing?.occurrence.id ?? null);
  const save = useSaveEvent();

  const frame = useRef<HTMLDivElement>(null);
  useHideDecorativeIcons(frame);

  const events: FcEvent[] = useMemo(
    () =>
      (occurrences.data ?? []).map((o) => ({
        id: `${o.id}|${o.occurrenceStart}`,
        title: o.status === 'APPROVED' ? o.name : `${o.name} (${o.status === 'PENDING' ? 'pending' : 'rejected'})`,
        start: toCalendarClock(o.start, zone),
        end: toCalendarClock(o.end, zone),
        backgroundColor: EVENT_CATEGORY_COLOURS[o.category as EventCategory] ?? '#495057',
        // The agenda view draws its dot in the border colour.
        borderColor:
          o.status === 'APPROVED' ? (EVENT_CATEGORY_COLOURS[o.category as EventCategory] ?? '#495057') : '#212529',
        textColor: '#ffffff',
        editable: o.canEdit,
        classNames: o.status === 'APPROVED' ? [] : [classes.unapproved!],
        extendedProps: { occurrence: o },
      })),
    [occurrences.data, zone],
  );
  const pending = useMemo(() => {
    const seen = new Map<string, Occurrence>();
    for (const o of occurrences.data ?? []) if (o.status === 'PENDING' && !seen.has(o.id)) seen.set(o.id, o);
    return [...seen.values()];
  }, [occurrences.data]);

  /** A move of a countable event that breaks Bylaw 17 limits, waiting for "Move anyway" or "Cancel". */
  const [confirming, setConfirming] = useState<{
    name: string;
    warnings: CaraViolation[];
    save: () => Promise<void>;
    revert: () => void;
  } | null>(null);

  /**
   * A drag moves or resizes this occurrence only: the series keeps its other dates. A countable (CARA) event is
   * checked against Bylaw 17 first: a blocked move is refused, and one that leaves warnings asks to be confirmed.
   */
  const move = async (info: EventDropArg | EventResizeDoneArg) => {
    const occurrence = info.event.extendedProps.occurrence as Occurrence;
    try {
      const event = await api.get<CalendarEvent>(`/events/${encodeURIComponent(occurrence.id)}`);
      const start = instantToLocal(fromCalendarClock(info.event.start!, zone), event.timeZone);
      const end = instantToLocal(fromCalendarClock(info.event.end ?? info.event.start!, zone), event.timeZone);
      const series = event.repeat !== 'NEVER';
      const input: EventInput = {
        ...toEventInput(event),
        startDate: start.date,
        startTime: start.time,
        endDate: end.date,
        endTime: end.time,
        ...(series ? { repeat: 'NEVER', weekdays: [], repeatUntil: null } : {}),
      };
      const occurrenceStart = series ? occurrence.occurrenceStart : undefined;
      const saveMove = async () => {
        await save.mutateAsync({ id: event.id, input, scope: series ? 'THIS' : 'ALL', occurrenceStart });
        notifications.show({ color: 'teal', message: `Moved ${event.name}.` });
      };
      if (countabilityOf(input.category, input.caraCategory) !== 'NOT_COUNTABLE') {
        const body: CheckBody = {
          event: input as CheckBody['event'],
          replacesEventId: event.id,
          ...(occurrenceStart ? { occurrenceStart } : {}),
        };
        const decision = moveDecision(await api.post<CheckResult>('/cara/check', body));
        if (decision.kind === 'refuse') {
          info.revert();
          notifications.show({ color: 'red', message: `${event.name} was not moved. ${decision.reasons.join(' ')}` });
          return;
        }
        if (decision.kind === 'confirm') {
          setConfirming({ name: event.name, warnings: decision.warnings, save: saveMove, revert: info.revert });
          return;
        }
      }
      await saveMove();
    } catch (error) {
      info.revert();
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };

  const cancelMove = () => {
    confirming?.revert();
    setConfirming(null);
  };
  const confirmMove = async () => {
    if (!confirming) return;
    try {
      await confirming.save();
      setConfirming(null);
    } catch (error) {
      confirming.revert();
      setConfirming(null);
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };

  const teamOptions = (teams.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const today = instantToLocal(new Date(), zone).date;

  return (
    <Stack>
      <PageHeader
        title="Calendar"
        description="Practices, competitions, travel and other events of your teams."
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => setFeedOpen(true)}>
              Subscribe
            </Button>
            {canWrite && (teams.data?.length ?? 0) > 0 && (
              <Button
                leftSection={<PlusIcon size={16} />}
                onClick={() => {
                  setEditing(null);
                  setFormOpen(true);
                }}
              >
                New event
              </Button>
            )}
          </Group>
        }
      />
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter events">
        <MultiSelect
          label="Teams"
          placeholder="All teams"
          data={teamOptions}
          value={teamIds}
          onChange={setTeamIds}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <MultiSelect
          label="Categories"
          placeholder="All categories"
          data={EVENT_CATEGORIES.map((c) => ({ value: c, label: EVENT_CATEGORY_LABELS[c] }))}
          value={categories}
          onChange={setCategories}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        {canWrite && (
          <Select
            label="Person"
            placeholder="Everyone"
            searchable
            clearable
            data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={personId}
            onChange={setPersonId}
            w={{ base: '100%', sm: 220 }}
          />
        )}
        {occurrences.data && (
          <Text size="sm" c="dimmed" pb={8} aria-live="polite">
            {countOf(occurrences.data.length, 'event')} in view
          </Text>
        )}
      </Group>
      {occurrences.error && <ErrorState error={occurrences.error} onRetry={() => void occurrences.refetch()} />}
      {pending.length > 0 && hasPermission(me, 'calendar:manage') && (
        <Card withBorder component="section" aria-labelledby="pending-heading">
          <Text fw={600} id="pending-heading" mb="xs">
            Waiting for your approval
          </Text>
          <Stack gap="xs">
            {pending.map((o) => (
              <Group key={o.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {o.name} · {o.sportTeamName}
                </Text>
                <Button size="xs" variant="default" onClick={() => setOpened(o)} aria-label={`Review ${o.name}`}>
                  Review
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <div className={classes.calendar} ref={frame}>
        <Text size="sm" c="dimmed" mb="xs">
          {schoolTimeNote(zone)}
        </Text>
        <FullCalendar
          key={`${narrow ? 'narrow' : 'wide'}|${zone}`}
          timeZone="UTC"
          now={() => new Date(toCalendarClock(new Date().toISOString(), zone))}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={narrow ? 'listWeek' : 'dayGridMonth'}
          headerToolbar={
            narrow
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
          }
          footerToolbar={narrow ? { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' } : undefined}
          buttonText={{ today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'Agenda' }}
          firstDay={1}
          height="auto"
          dayMaxEvents={3}
          nowIndicator
          events={events}
          eventDisplay="block"
          datesSet={(arg: DatesSetArg) =>
            setRange({
              from: fromCalendarClock(arg.start, zone).toISOString(),
              to: fromCalendarClock(arg.end, zone).toISOString(),
            })
          }
          eventClick={(arg: EventClickArg) => {
            arg.jsEvent.preventDefault();
            setOpened(arg.event.extendedProps.occurrence as Occurrence);
          }}
          eventDrop={(arg) => void move(arg)}
          eventResize={(arg) => void move(arg)}
          noEventsContent="No events in this period."
        />
      </div>
      <Group gap="xs" aria-label="Category colours">
        {EVENT_CATEGORIES.map((c) => (
          <Badge key={c} variant="filled" color={EVENT_CATEGORY_COLOURS[c]} size="sm">
            {EVENT_CATEGORY_LABELS[c]}
          </Badge>
        ))}
      </Group>
      <DialogModal
        opened={!!confirming}
        onClose={cancelMove}
        title={confirming ? `Move ${confirming.name}?` : 'Move event?'}
        size="lg"
        actionLabel="Move anyway"
        actionColor="red.9"
        loading={save.isPending}
        onAction={() => void confirmMove()}
      >
        {confirming && (
          <Alert
            color="orange"
            title={`Bylaw 17 ${confirming.warnings.length === 1 ? 'warning' : 'warnings'} (${confirming.warnings.length})`}
          >
            <Text size="sm" mb="xs">
              At its new time this event breaks these limits. If you move it anyway, the violation shows in the CARA
              log.
            </Text>
            <CaraWarningList warnings={confirming.warnings} />
          </Alert>
        )}
      </DialogModal>
      <CalendarFeedModal opened={feedOpen} onClose={() => setFeedOpen(false)} />
      <EventDetailsModal
        key={opened ? `${opened.id}|${opened.occurrenceStart}` : 'closed'}
        occurrence={opened}
        onClose={() => setOpened(null)}
        onEdit={() => {
          setEditing({ occurrence: opened! });
          setOpened(null);
          setFormOpen(true);
        }}
      />
      <EventFormModal
        opened={formOpen && (!editing || !!editingEvent.data)}
        event={editing ? (editingEvent.data ?? null) : null}
        occurrence={
          editing
            ? {
                start: editing.occurrence.occurrenceStart,
                date: instantToLocal(new Date(editing.occurrence.start), editing.occurrence.timeZone).date,
              }
            : null
        }
        teams={teams.data ?? []}
        people={people.data ?? []}
        defaultDate={today}
        defaultTimeZone={zone}
        onClose={() => {
          setFormOpen(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}

/**
 * FullCalendar draws its arrow icons as spans with role="img" and no name, inside buttons that carry the name
 * ("Previous month"): they are decoration, hidden from assistive technology whenever the calendar redraws. Its
 * "+N more" links carry aria-expanded without a role that allows it: they get the button role they act as.
 */
function useHideDecorativeIcons(frame: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const hide = () => {
      for (const icon of root.querySelectorAll('.fc-icon[role="img"]')) {
        icon.removeAttribute('role');
        icon.setAttribute('aria-hidden', 'true');
      }
      // "+2 more" is a link without an address that opens a popover (aria-expanded): a button, so say so.
      for (const more of root.querySelectorAll('.fc-daygrid-more-link:not([role])'))
        more.setAttribute('role', 'button');
    };
    hide();
    const observer = new MutationObserver(hide);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [frame]);
}
