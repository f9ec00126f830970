import { ATHLETE_LIMITS, canEditField, canSeeField } from '../../domain/athlete-profiles';
import { AppError } from '../../domain/errors';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import {
  deleteStoredFile,
  findStoredFile,
  insertStoredFile,
  type StoredFileMeta,
} from '../shared/stored-files.repository';
import { auditBy, type CoreDeps } from '../shared/use-case';
import { athleteHasFile, insertAthleteFile, lockAndCountFiles } from './athlete-extras.repository';
import { profileView, reachableAthlete, type AthleteActor } from './athlete-profile.service';
import { findAthlete } from './athletes.repository';
import type { AthleteProfileView } from './athletes.schemas';

/** `stored_files.purpose` of a student-athlete's file. */
export const ATHLETE_FILE_PURPOSE = 'athlete-file';

type Deps = Pick<CoreDeps, 'db'>;

const limitError = () =>
  new AppError('ATHLETE_FILES_LIMIT', [
    { field: 'file', message: 'Upload limits exceeded: at most 50 files per student-athlete.' },
  ]);

/** The athlete as the actor reaches them, refused when their view may not see (or change) the files. */
async function reach(deps: Deps, actor: AthleteActor, athleteId: string, edit: boolean) {
  const { athlete, viewer } = await (await reachableAthlete(deps.db, actor))(athleteId);
  if (!(edit ? canEditField(viewer, 'files') : canSeeField(viewer, 'files'))) throw new AppError('FORBIDDEN');
  return { athlete, viewer };
}

/**
 * Adds one checked file to an athlete (50 at most, counted under the profile's lock). `upload` reads the file only
 * once the athlete is reached and has room, so a refused upload's bytes are never read.
 */
export async function uploadAthleteFile(
  deps: Deps,
  actor: AthleteActor,
  input: { athleteId: string; upload: () => Promise<UploadedFile> },
): Promise<AthleteProfileView> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const { athlete, viewer } = await reach(deps, actor, input.athleteId, true);
  if ((await lockAndCountFiles(db, schoolId, athlete.id)) >= ATHLETE_LIMITS.maxFiles) throw limitError();
  const upload = await input.upload();
  const { contentType } = checkAttachment(upload);
  await db.transaction().execute(async (trx) => {
    if ((await lockAndCountFiles(trx, schoolId, athlete.id)) >= ATHLETE_LIMITS.maxFiles) throw limitError();
    const file = await insertStoredFile(trx, schoolId, {
      uploadedBy: actor.userId,
      purpose: ATHLETE_FILE_PURPOSE,
      filename: upload.filename,
      contentType,
      bytes: upload.bytes,
    });
    await insertAthleteFile(trx, schoolId, athlete.id, file.id, actor.userId);
    await auditBy(trx, actor, {
      action: 'athlete.file_uploaded',
      targetType: 'user',
      targetId: athlete.id,
      details: { after: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 } },
    });
  });
  return profileView(db, schoolId, (await findAthlete(db, schoolId, athlete.id))!, viewer);
}

/** One of an athlete's files with its bytes; the download is audited. */
export async function downloadAthleteFile(
  deps: Deps,
  actor: AthleteActor,
  input: { athleteId: string; fileId: string },
): Promise<StoredFileMeta & { bytes: Buffer }> {
  const { db } = deps;
  const { athlete } = await reach(deps, actor, input.athleteId, false);
  const { fileId } = input;
  if (!(await athleteHasFile(db, actor.schoolId, athlete.id, fileId))) throw new AppError('NOT_FOUND');
  const file = await findStoredFile(db, actor.schoolId, fileId, ATHLETE_FILE_PURPOSE);
  if (!file) throw new AppError('NOT_FOUND');
  await auditBy(db, actor, {
    action: 'athlete.file_downloaded',
    targetType: 'user',
    targetId: athlete.id,
    details: { fileId, filename: file.filename, sha256: file.sha256 },
  });
  return file;
}

/** Removes one of an athlete's files. */
export async function removeAthleteFile(
  deps: Deps,
  actor: AthleteActor,
  input: { athleteId: string; fileId: string },
): Promise<AthleteProfileView> {
  const { db } = deps;
  const { athlete, viewer } = await reach(deps, actor, input.athleteId, true);
  const { fileId } = input;
  const schoolId = actor.schoolId;
  if (!(await athleteHasFile(db, schoolId, athlete.id, fileId))) throw new AppError('NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    const file = await findStoredFile(trx, schoolId, fileId, ATHLETE_FILE_PURPOSE);
    await deleteStoredFile(trx, schoolId, fileId, ATHLETE_FILE_PURPOSE);
    await auditBy(trx, actor, {
      action: 'athlete.file_removed',
      targetType: 'user',
      targetId: athlete.id,
      details: { before: { fileId, filename: file?.filename ?? null } },
    });
  });
  return profileView(db, schoolId, (await findAthlete(db, schoolId, athlete.id))!, viewer);
}
