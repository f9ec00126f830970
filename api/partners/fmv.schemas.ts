import { Type } from 'typebox';
import { refusals } from '../shared/refusals';
import { Nullable } from '../shared/schemas';

const closed = { additionalProperties: false } as const;
const Cents = Nullable(Type.Integer({ minimum: 0, description: 'Whole cents.' }));

export const DisclosureFmvDto = Type.Object(
  {
    status: Type.Enum(['ESTIMATED', 'INSUFFICIENT'] as const),
    activityTypeLabel: Type.String(),
    sport: Nullable(Type.String()),
    deliverables: Nullable(Type.Integer()),
    audienceSize: Nullable(Type.Integer()),
    offerCents: Cents,
    comparables: Type.Integer({ description: 'How many approved deals the range rests on.' }),
    minComparables: Type.Integer(),
    lowCents: Cents,
    medianCents: Cents,
    highCents: Cents,
    sportMatched: Type.Boolean(),
    audienceMatched: Type.Boolean(),
    deliverablesScaled: Type.Boolean(),
    position: Nullable(Type.Enum(['BELOW', 'WITHIN', 'ABOVE'] as const)),
    positionLabel: Nullable(Type.String()),
    flagged: Type.Boolean({ description: 'Outside the range: flagged for additional review.' }),
    canEditFacts: Type.Boolean(),
  },
  closed,
);

export const FmvFactsBody = Type.Object(
  {
    deliverables: Nullable(Type.Integer({ minimum: 1, maximum: 1000 })),
    audienceSize: Nullable(Type.Integer({ minimum: 0, maximum: 2_000_000_000 })),
  },
  closed,
);

export const FMV_DESCRIPTION = refusals({
  NOT_FOUND: "when the disclosure is not the school's, or (for an athlete) not their own",
});
export const FMV_FACTS_DESCRIPTION = refusals({
  NOT_FOUND: "when the disclosure is not the school's, or (for an athlete) not their own",
  DISCLOSURE_NOT_EDITABLE: "when an athlete's disclosure is no longer a draft or sent back for changes",
});
