/** List endpoints answer either a bare array or a page `{ items, total }`; screens read both the same way. */
export type ListResponse<T> = T[] | { items: T[]; total?: number };

export function listItems<T>(data: ListResponse<T> | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.items;
}

export function listTotal<T>(data: ListResponse<T> | undefined): number {
  if (!data) return 0;
  if (Array.isArray(data)) return data.length;
  return data.total ?? data.items.length;
}

export const PAGE_SIZE = 25;

/** Page count for Mantine's Pagination (at least 1 so the control stays stable while empty). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
