import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { OnboardedSchool, SchoolListItem } from '../../../../api/schools/schools.schemas';
import type { Plan } from '../../../../domain/plans';
import { api } from '../../shared/api';
import { listItems, type ListResponse } from '../../shared/lists';
import { SCHOOLS_KEY, schoolKey, type SchoolProfileData } from '../../shared/school-profile.api';
import type { CreateSchoolInput } from './school-form';

export type SchoolRow = Static<typeof SchoolListItem>;
export type OnboardedSchoolData = Static<typeof OnboardedSchool>;

export function useSchools() {
  return useQuery({
    queryKey: SCHOOLS_KEY,
    queryFn: ({ signal }) => api.get<ListResponse<SchoolRow>>('/schools', { limit: 200 }, signal),
    select: (data) => listItems(data),
  });
}

export function useOnboardSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSchoolInput) => api.post<OnboardedSchoolData>('/schools', input),
    onSuccess: (data) => {
      client.setQueryData(schoolKey(data.school.id), data.school);
      return client.invalidateQueries({ queryKey: SCHOOLS_KEY, exact: true });
    },
  });
}

/** Upgrades a school's plan (the API refuses a downgrade: upgrades are irreversible). */
export function useUpgradePlan(schoolId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => api.patch<SchoolProfileData>(`/schools/${encodeURIComponent(schoolId)}/plan`, { plan }),
    onSuccess: (data) => {
      client.setQueryData(schoolKey(schoolId), data);
      return client.invalidateQueries({ queryKey: SCHOOLS_KEY, exact: true });
    },
  });
}
