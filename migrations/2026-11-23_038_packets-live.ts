import { sql, type Kysely } from 'kysely';

/**
 * Live view of a submission: every change of a submission's status, active step or step states is announced on the
 * app_events channel (the one the realtime WebSocket listens on), whoever wrote it — the workflow's activities in a
 * worker or the API. The payload carries ids only; the browser refetches through the API with its own permissions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function packet_submission_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('app_events', json_build_object(
        'type', 'submission_changed',
        'schoolId', new.school_id,
        'submissionId', new.id,
        'sentPacketId', new.sent_packet_id
      )::text);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger packet_submission_changed_trigger
    after update of status, active_step_id, steps on packet_submissions
    for each row execute function packet_submission_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists packet_submission_changed_trigger on packet_submissions`.execute(db);
  await sql`drop function if exists packet_submission_changed()`.execute(db);
}
