import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { SchoolProfile } from '../../../api/schools/schools.schemas';
import { api } from './api';

/** One school's profile as the provider sees it: the schools screens edit it, the athlete screens name the school. */
export type SchoolProfileData = Static<typeof SchoolProfile>;

export const SCHOOLS_KEY = ['schools'] as const;
export const schoolKey = (id: string) => [...SCHOOLS_KEY, 'profile', id] as const;

export function useSchoolProfile(schoolId: string) {
  return useQuery({
    queryKey: schoolKey(schoolId),
    queryFn: ({ signal }) => api.get<SchoolProfileData>(`/schools/${encodeURIComponent(schoolId)}`, undefined, signal),
  });
}
