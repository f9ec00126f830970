import { sql, type Kysely } from 'kysely';

/**
 * Every column of the spec's student-athlete list (part 1 §3) becomes a real column of `athlete_profiles`, so the
 * list filters and sorts in SQL: GPA, the at-risk, transfer and full-time flags, enrolment at this institution, the
 * aid amounts, eligibility types and up to three positions; plus the academic advisor as a staff user of the school.
 * Values that lived in the `data` document move out of it (backfill), so each fact has one home.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table athlete_profiles
      add column cumulative_gpa double precision,
      add column is_at_risk boolean,
      add column is_transfer_student boolean,
      add column is_enrolled_full_time boolean,
      add column enrollment_term_this_institution text,
      add column enrollment_year_this_institution integer,
      add column athletic_grant_amount double precision,
      add column total_aid_percentage double precision,
      add column total_aid_amount double precision,
      add column eligibility_types text[] not null default '{}',
      add column positions text[] not null default '{}',
      add column academic_advisor_id uuid references users(id) on delete set null,
      add constraint athlete_profiles_positions_max check (cardinality(positions) <= 3)
  `.execute(db);

  // Backfill from the data document; numbers and flags only when they have the right JSON type.
  await sql`
    update athlete_profiles set
      cumulative_gpa = case when jsonb_typeof(data->'gpa') = 'number' then (data->>'gpa')::double precision end,
      is_at_risk = case when jsonb_typeof(data->'isAtRisk') = 'boolean' then (data->>'isAtRisk')::boolean end,
      is_transfer_student = case when jsonb_typeof(data->'isTransferStudent') = 'boolean'
        then (data->>'isTransferStudent')::boolean end,
      is_enrolled_full_time = case when jsonb_typeof(data->'isEnrolledFullTime') = 'boolean'
        then (data->>'isEnrolledFullTime')::boolean end,
      enrollment_term_this_institution = data->>'enrollmentTermForThisInstitution',
      enrollment_year_this_institution = case when jsonb_typeof(data->'enrollmentYearForThisInstitution') = 'number'
        then (data->>'enrollmentYearForThisInstitution')::integer end,
      athletic_grant_amount = case when jsonb_typeof(data->'athleticGrantAmount') = 'number'
        then (data->>'athleticGrantAmount')::double precision end,
      total_aid_percentage = case when jsonb_typeof(data->'totalAidPercentage') = 'number'
        then (data->>'totalAidPercentage')::double precision end,
      total_aid_amount = case when jsonb_typeof(data->'totalAidAmount') = 'number'
        then (data->>'totalAidAmount')::double precision end,
      eligibility_types = coalesce((
        select array_agg(e.key order by e.key) from jsonb_each(
          case when jsonb_typeof(data->'eligibility') = 'object' then data->'eligibility' else '{}'::jsonb end
        ) e where e.value = 'true'::jsonb), '{}'),
      positions = case when position is null or btrim(position) = '' then '{}'
        else (select coalesce(array_agg(btrim(p)), '{}') from (
          select p from unnest(string_to_array(position, ',')) p where btrim(p) <> '' limit 3) s) end,
      data = data - 'gpa' - 'isAtRisk' - 'isTransferStudent' - 'isEnrolledFullTime'
        - 'enrollmentTermForThisInstitution' - 'enrollmentYearForThisInstitution' - 'athleticGrantAmount'
        - 'totalAidPercentage' - 'totalAidAmount' - 'eligibility'
  `.execute(db);

  await sql`create index athlete_profiles_school_gpa_idx on athlete_profiles (school_id, cumulative_gpa)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index athlete_profiles_school_gpa_idx`.execute(db);
  await sql`
    alter table athlete_profiles
      drop constraint athlete_profiles_positions_max,
      drop column cumulative_gpa, drop column is_at_risk, drop column is_transfer_student,
      drop column is_enrolled_full_time, drop column enrollment_term_this_institution,
      drop column enrollment_year_this_institution, drop column athletic_grant_amount,
      drop column total_aid_percentage, drop column total_aid_amount, drop column eligibility_types,
      drop column positions, drop column academic_advisor_id
  `.execute(db);
}
