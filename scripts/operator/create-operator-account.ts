import type { Kysely, Transaction } from 'kysely';
import { checkPassword, PASSWORD_RULE_TEXT } from '../../domain/password';
import type { Database } from '../../migrations/database';
import { recordAudit } from '../../api/audit/audit.repository';
import { setPasswordHash } from '../../api/auth/auth.repository';
import { hashPassword } from '../../api/auth/passwords';
import { replaceRoleGrants } from '../../api/users/role-grants.repository';
import { insertUser, isEmailTaken } from '../../api/users/users.repository';

/** A refusal the command prints as it is (no stack trace): bad input or an account that already exists. */
export class OperatorSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorSetupError';
  }
}

export interface OperatorAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** Name for the provider organisation when one has to be created. */
  organisationName?: string;
  /** Use (or create) the provider organisation with this slug instead of the first one found. */
  organisationSlug?: string;
}

export interface OperatorAccountResult {
  userId: string;
  organisation: { id: string; name: string; created: boolean };
}

export const DEFAULT_ORGANISATION = { name: 'Provider Operations', slug: 'provider' } as const;

/**
 * Finds the provider organisation (by slug when given, else the oldest one) or creates it. The default slug differs
 * from the demo data's, so loading the demo later never collides with an organisation made here.
 */
async function ensureProviderOrganisation(
  trx: Transaction<Database>,
  input: OperatorAccountInput,
): Promise<OperatorAccountResult['organisation']> {
  let query = trx.selectFrom('schools').select(['id', 'name', 'kind']);
  query = input.organisationSlug
    ? query.where('slug', '=', input.organisationSlug)
    : query.where('kind', '=', 'PROVIDER').orderBy('created_at').orderBy('id').limit(1);
  const existing = await query.executeTakeFirst();
  if (existing) {
    if (existing.kind !== 'PROVIDER') {
      throw new OperatorSetupError(`"${input.organisationSlug}" is a school, not the provider organisation.`);
    }
    return { id: existing.id, name: existing.name, created: false };
  }
  const name = input.organisationName?.trim() || DEFAULT_ORGANISATION.name;
  const row = await trx
    .insertInto('schools')
    .values({
      name,
      slug: input.organisationSlug ?? DEFAULT_ORGANISATION.slug,
      kind: 'PROVIDER',
      settings: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, created: true };
}

/**
 * Production bootstrap: an active provider operator who can log in and onboard schools, in a provider organisation
 * created when missing. The password must meet the platform's policy; an existing e-mail is refused (use "Forgot
 * password" to regain an account). Audited as 'user.operator_created' in the provider organisation's log.
 */
export async function createOperatorAccount(
  db: Kysely<Database>,
  input: OperatorAccountInput,
): Promise<OperatorAccountResult> {
  const problems = await checkPassword(input.password);
  if (problems.length > 0) {
    throw new OperatorSetupError(
      `The password does not meet the policy: ${problems.map((p) => PASSWORD_RULE_TEXT[p].toLowerCase()).join('; ')}.`,
    );
  }
  if (await isEmailTaken(db, input.email)) {
    throw new OperatorSetupError(`An account with the e-mail ${input.email} already exists.`);
  }
  // Hash outside the transaction: argon2 is deliberately slow.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const organisation = await ensureProviderOrganisation(trx, input);
    const userId = await insertUser(trx, organisation.id, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      status: 'ACTIVE',
    });
    await setPasswordHash(trx, organisation.id, userId, passwordHash);
    await replaceRoleGrants(trx, organisation.id, userId, [{ role: 'OPERATOR' }]);
    await recordAudit(trx, {
      schoolId: organisation.id,
      actorUserId: null,
      action: 'user.operator_created',
      targetType: 'user',
      targetId: userId,
      details: {
        email: input.email.trim().toLowerCase(),
        via: 'create-operator',
        organisationCreated: organisation.created,
      },
    });
    return { userId, organisation };
  });
}
