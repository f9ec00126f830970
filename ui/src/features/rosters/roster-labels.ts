import { ATHLETE_STATUSES, ROSTER_STATUSES } from '../../../../domain/athletes';
import {
  CHANGE_REQUEST_KINDS,
  CHANGE_REQUEST_STATUSES,
  NON_RETURNER_STATUSES,
  ROLLOVER_STATUSES,
} from '../../../../domain/rosters';
import { labelFor, type Catalogue } from '../../shared/labels';

export const rolloverLabel = (v: string | null | undefined) =>
  v ? labelFor(ROLLOVER_STATUSES as Catalogue, v) : 'Not rolled over';
export const athleteStatusLabel = (v: string | null | undefined) => labelFor(ATHLETE_STATUSES as Catalogue, v);
export const rosterStatusLabel = (v: string | null | undefined) => labelFor(ROSTER_STATUSES as Catalogue, v);
export const changeKindLabel = (v: string) => labelFor(CHANGE_REQUEST_KINDS as Catalogue, v);
export const changeStatusLabel = (v: string) => labelFor(CHANGE_REQUEST_STATUSES as Catalogue, v);
export const ACCOUNT_LABELS: Catalogue = {
  NOT_INVITED: 'Not invited',
  INVITED: 'Invite sent',
  ACTIVE: 'Active',
  INACTIVE: 'Deactivated',
};

export const ROLLOVER_COLORS: Record<string, string> = {
  NOT_STARTED: 'gray',
  READY_FOR_REVIEW: 'orange',
  COMPLETED: 'teal',
};

export const ATHLETE_STATUS_OPTIONS = Object.entries(ATHLETE_STATUSES).map(([value, label]) => ({ value, label }));
export const NON_RETURNER_OPTIONS = NON_RETURNER_STATUSES.map((value) => ({ value, label: ATHLETE_STATUSES[value] }));
export const ROSTER_STATUS_OPTIONS = Object.entries(ROSTER_STATUSES).map(([value, label]) => ({ value, label }));
