import { Type } from 'typebox';
import { VENDOR_LIMITS } from '../../domain/partners/vendors';
import { refusals } from '../shared/refusals';
import { Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

const closed = { additionalProperties: false } as const;

export const VendorDto = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    categories: Type.Array(Type.String()),
    services: Nullable(Type.String()),
    prices: Nullable(Type.String()),
    logoUrl: Nullable(Type.String()),
    contactEmail: Nullable(Type.String()),
    customUrl: Type.String(),
    active: Type.Boolean(),
    createdAt: Timestamp,
  },
  closed,
);

export const VendorListDto = Type.Object({ items: Type.Array(VendorDto), total: Type.Integer() }, closed);

export const CreateVendorBody = Type.Object(
  {
    name: SingleLine({ maxLength: VENDOR_LIMITS.nameMaxLength }),
    customUrl: Type.String({ maxLength: 200 }),
    categories: Type.Optional(
      Type.Array(SingleLine({ maxLength: VENDOR_LIMITS.categoryMaxLength }), { maxItems: VENDOR_LIMITS.maxCategories }),
    ),
    services: Type.Optional(Nullable(Type.String({ maxLength: VENDOR_LIMITS.textMaxLength }))),
    prices: Type.Optional(Nullable(Type.String({ maxLength: VENDOR_LIMITS.textMaxLength }))),
    logoUrl: Type.Optional(
      Nullable(Type.String({ maxLength: 2048, pattern: '^$|^https?://\\S+$', 'x-error-code': 'INVALID_LINK' })),
    ),
    contactEmail: Type.Optional(
      Nullable(
        Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'x-error-code': 'INVALID_EMAIL' }),
      ),
    ),
  },
  closed,
);

export const VendorActiveBody = Type.Object({ active: Type.Boolean() }, closed);

export const CardParams = Type.Object({ customUrl: Type.String({ minLength: 1, maxLength: 200 }) }, closed);

export const VendorCardDto = Type.Object(
  {
    name: Type.String(),
    categories: Type.Array(Type.String()),
    services: Nullable(Type.String()),
    prices: Nullable(Type.String()),
    logoUrl: Nullable(Type.String()),
    contactEmail: Nullable(Type.String()),
    customUrl: Type.String(),
    schoolName: Type.String(),
  },
  closed,
);

export const CREATE_VENDOR_DESCRIPTION = `Adds a vendor with its public card at /card/<customUrl>. ${refusals({
  MANDATORY_FIELD: 'when the name or custom URL is blank',
  VENDOR_URL_INVALID: `when the custom URL holds a slash or anything but letters, numbers, hyphens and underscores, or is longer than ${VENDOR_LIMITS.customUrlMaxLength} characters`,
  VENDOR_URL_TAKEN: "when another vendor's card already has this custom URL (ignoring case)",
})}`;
export const VENDOR_ACTIVE_DESCRIPTION = refusals({ NOT_FOUND: "when the vendor is not the school's" });
export const CARD_DESCRIPTION = refusals({ NOT_FOUND: 'when no active vendor has this custom URL' });
