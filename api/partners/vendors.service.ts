import { AppError, ERRORS } from '../../domain/errors';
import { checkCustomUrl, cleanCategories } from '../../domain/partners/vendors';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  customUrlTaken,
  findActiveCard,
  findVendor,
  insertVendor,
  listVendors,
  setVendorActive,
  type VendorRow,
} from './vendors.repository';

/** Who keeps the school's vendors: the compliance admins. */
const REVIEW = 'disclosures:review';

export function toVendorDto(v: VendorRow) {
  return {
    id: v.id,
    name: v.name,
    categories: v.categories,
    services: v.services,
    prices: v.prices,
    logoUrl: v.logo_url,
    contactEmail: v.contact_email,
    customUrl: v.custom_url,
    active: v.active,
    createdAt: v.created_at.toISOString(),
  };
}

export async function listVendorsFor(deps: CoreDeps, actor: Actor) {
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  const rows = await listVendors(deps.db, actor.schoolId);
  return { items: rows.map(toVendorDto), total: rows.length };
}

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export async function createVendor(
  deps: CoreDeps,
  actor: Actor,
  input: {
    name: string;
    customUrl: string;
    categories?: string[];
    services?: string | null;
    prices?: string | null;
    logoUrl?: string | null;
    contactEmail?: string | null;
  },
) {
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  const name = input.name.trim();
  if (!name) {
    throw new AppError('MANDATORY_FIELD', [
      { field: 'name', code: 'MANDATORY_FIELD', message: ERRORS.MANDATORY_FIELD.message },
    ]);
  }
  const url = checkCustomUrl(input.customUrl);
  if (!url.ok)
    throw new AppError(url.code, [{ field: 'customUrl', code: url.code, message: ERRORS[url.code].message }]);
  const taken = () =>
    new AppError('VENDOR_URL_TAKEN', [
      { field: 'customUrl', code: 'VENDOR_URL_TAKEN', message: ERRORS.VENDOR_URL_TAKEN.message },
    ]);
  if (await customUrlTaken(deps.db, url.value)) throw taken();
  const id = await deps.db.transaction().execute(async (trx) => {
    const vendorId = await insertVendor(trx, {
      schoolId: actor.schoolId,
      name,
      categories: cleanCategories(input.categories ?? []),
      services: blank(input.services),
      prices: blank(input.prices),
      logoUrl: blank(input.logoUrl),
      contactEmail: blank(input.contactEmail)?.toLowerCase() ?? null,
      customUrl: url.value,
      createdBy: actor.userId,
    });
    if (!vendorId) return null;
    await auditBy(trx, actor, {
      action: 'vendor.created',
      targetType: 'vendor',
      targetId: vendorId,
      details: { customUrl: url.value },
    });
    return vendorId;
  });
  if (!id) throw taken();
  return toVendorDto((await findVendor(deps.db, actor.schoolId, id))!);
}

export async function setVendorActiveFor(deps: CoreDeps, actor: Actor, id: string, active: boolean) {
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  const vendor = await findVendor(deps.db, actor.schoolId, id);
  if (!vendor) throw new AppError('NOT_FOUND');
  await deps.db.transaction().execute(async (trx) => {
    await setVendorActive(trx, actor.schoolId, id, active);
    await auditBy(trx, actor, {
      action: active ? 'vendor.reactivated' : 'vendor.deactivated',
      targetType: 'vendor',
      targetId: id,
    });
  });
  return toVendorDto((await findVendor(deps.db, actor.schoolId, id))!);
}

/** The public card (no account, no tracking); a deactivated or unknown vendor answers 404. */
export async function vendorCard(deps: Pick<CoreDeps, 'db'>, customUrl: string) {
  const card = await findActiveCard(deps.db, customUrl);
  if (!card) throw new AppError('NOT_FOUND');
  return {
    name: card.name,
    categories: card.categories,
    services: card.services,
    prices: card.prices,
    logoUrl: card.logo_url,
    contactEmail: card.contact_email,
    customUrl: card.custom_url,
    schoolName: card.school_name,
  };
}
