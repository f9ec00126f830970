import {
  ASSIGNEE_STATUS_LABELS,
  CONTENT_KIND_LABELS,
  CONTENT_STATUS_LABELS,
  QUIZ_STATE_LABELS,
  type ContentKind,
  type ContentStatus,
} from '../../../../domain/education';

export { ASSIGNEE_STATUS_LABELS, CONTENT_KIND_LABELS, CONTENT_STATUS_LABELS, QUIZ_STATE_LABELS };

export const STATUS_COLORS: Record<ContentStatus, string> = {
  SAVED: 'gray',
  PUBLISHED: 'green',
  UPDATED: 'teal',
  ARCHIVED: 'dark',
  RECALLED: 'orange',
};

/** Progress colours (spec part 2 §4): completed green, overdue red, the rest neutral. */
export const PROGRESS_COLORS: Record<string, string> = {
  COMPLETED: 'green',
  OVERDUE: 'red',
  IN_PROGRESS: 'blue',
  NOT_STARTED: 'gray',
  ASSIGNED: 'gray',
};
export const PROGRESS_LABELS: Record<string, string> = {
  COMPLETED: 'Completed',
  OVERDUE: 'Overdue',
  IN_PROGRESS: 'In progress',
  NOT_STARTED: 'Not started',
  ASSIGNED: 'Not started',
};

/** The URL segment of each kind (`/addEducationContent/article`). */
export const KIND_SEGMENTS: Record<ContentKind, string> = {
  ARTICLE: 'article',
  VIDEO: 'video',
  PRESENTATION: 'presentation',
  COURSE: 'course',
  QUIZ: 'quiz',
};
export function kindOfSegment(segment: string | undefined): ContentKind | null {
  const hit = (Object.entries(KIND_SEGMENTS) as [ContentKind, string][]).find(([, s]) => s === segment?.toLowerCase());
  return hit ? hit[0] : null;
}

/** Where an athlete opens a piece of content. */
export function openPathOf(kind: ContentKind, id: string): string {
  if (kind === 'QUIZ') return `/quiz/${id}`;
  if (kind === 'COURSE') return `/educationCourse/${id}`;
  return `/educationContent/${id}`;
}

export const detailsPathOf = (kind: ContentKind, id: string) => `/contentDetails/${KIND_SEGMENTS[kind]}/${id}`;
