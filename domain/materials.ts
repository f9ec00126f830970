/**
 * Recruiting materials: files the school's staff share with each other (spec part 2 §5 "Recruiting", §9:
 * "Materials: 20 files, 20 MB each, 25 MB total", description 50 words). The limits are per school.
 */
import { wordCount } from './recruiting';

export const MATERIAL_LIMITS = {
  maxFiles: 20,
  maxFileBytes: 20 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  descriptionMaxWords: 50,
} as const;

export type MaterialProblem =
  'MATERIALS_FILE_LIMIT' | 'MATERIAL_TOO_LARGE' | 'MATERIALS_TOTAL_LIMIT' | 'MATERIAL_DESCRIPTION_TOO_LONG';

/**
 * Whether one more file of `size` bytes with this description fits next to the school's `existing` materials
 * (their count and total size). Returns the first limit it breaks, or null.
 */
export function checkMaterial(
  existing: { count: number; totalBytes: number },
  size: number,
  description?: string | null,
): MaterialProblem | null {
  if (wordCount(description ?? '') > MATERIAL_LIMITS.descriptionMaxWords) return 'MATERIAL_DESCRIPTION_TOO_LONG';
  if (existing.count >= MATERIAL_LIMITS.maxFiles) return 'MATERIALS_FILE_LIMIT';
  if (size > MATERIAL_LIMITS.maxFileBytes) return 'MATERIAL_TOO_LARGE';
  if (existing.totalBytes + size > MATERIAL_LIMITS.maxTotalBytes) return 'MATERIALS_TOTAL_LIMIT';
  return null;
}
