/** Query keys shared across screens; feature-only keys live in their feature's api file. */
export const queryKeys = {
  me: ['me'] as const,
  meta: ['meta'] as const,
  notifications: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  /** My Tasks and its counts: refetched whenever the server says a task of this person changed. */
  tasks: ['tasks'] as const,
};

/** The form templates' cache: the forms screens, and the recruiting forms that are built from templates. */
export const formKeys = {
  all: ['forms'] as const,
  lists: ['forms', 'list'] as const,
  list: (filters: object) => ['forms', 'list', filters] as const,
  detail: (id: string) => ['forms', 'detail', id] as const,
  prepopulation: ['forms', 'prepopulation'] as const,
};
