import type { Transaction } from 'kysely';
import { insertConflictFlag } from '../../api/disclosures/conflict-flags.repository';
import type { DisclosureFields } from '../../api/disclosures/disclosures.repository';
import type { DisclosureStatus } from '../../domain/disclosures';
import type { Database } from '../../migrations/database';

/** An ISO date `days` from today (demo dates move with the calendar so priority tasks show). */
function inDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface DemoDisclosure {
  athlete: number;
  status: DisclosureStatus;
  submittedDaysAgo: number | null;
  fields: DisclosureFields & { type: string };
  reason?: string;
}

const contact = (name: string, email: string, phone: string) => ({ name, email, phone });

/**
 * A handful of disclosures in every state, by the first five athletes of the squad. Made by the real review workflow
 * (demo-processes.ts): drafted, submitted by the athlete, decided by the compliance admin; then backdated.
 */
export const DEMO_DISCLOSURES: DemoDisclosure[] = [
  {
    athlete: 0,
    status: 'APPROVED',
    submittedDaysAgo: 20,
    fields: {
      type: 'SPONSORSHIP',
      title: 'Game-day coffee posts',
      companyName: 'Bean There Coffee',
      industry: 'Restaurant',
      startDate: inDays(-10),
      endDate: inDays(50),
      signedOn: inDays(-18),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amountCents: 450_00,
      pointOfContact: contact('Riley Park', 'riley@beanthere.example', '5125550150'),
      website: 'https://beanthere.example',
      notes: 'Two Instagram posts a month during the season.',
    },
  },
  {
    athlete: 0,
    status: 'PENDING',
    submittedDaysAgo: 1,
    fields: {
      type: 'ENDORSEMENT',
      title: 'Cleats endorsement',
      companyName: 'Stride Athletics',
      industry: 'Apparel',
      startDate: inDays(1),
      endDate: inDays(120),
      signedOn: inDays(-1),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amountCents: 1_200_00,
      pointOfContact: contact('Morgan Ellis', 'morgan@stride.example', '5125550151'),
      agent: contact('Taylor Brooks', 'taylor@brooksmgmt.example', '5125550152'),
      notes: 'Wear Stride cleats in two promotional shoots.',
    },
  },
  {
    athlete: 0,
    status: 'DRAFT',
    submittedDaysAgo: null,
    fields: { type: 'PODCAST', title: 'Guest spot on Hill Country Sports Talk', companyName: 'Hill Country Media' },
  },
  {
    athlete: 1,
    status: 'PENDING',
    submittedDaysAgo: 3,
    fields: {
      type: 'APPEARANCE',
      title: 'Car dealership opening',
      companyName: 'Lone Star Motors',
      industry: 'Automotive',
      startDate: inDays(6),
      endDate: inDays(6),
      signedOn: inDays(-3),
      location: 'Round Rock, TX',
      paymentType: 'MONETARY',
      amountCents: 800_00,
      pointOfContact: contact('Chris Vega', 'chris@lonestarmotors.example', '5125550153'),
    },
  },
  {
    athlete: 2,
    status: 'CHANGE_REQUESTED',
    submittedDaysAgo: 5,
    reason: 'Please attach the signed agreement and confirm the payment schedule.',
    fields: {
      type: 'CAMPS',
      title: 'Summer youth camp',
      companyName: 'Capital City Youth Sports',
      industry: 'Education',
      startDate: inDays(40),
      endDate: inDays(44),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amountCents: 1_500_00,
      pointOfContact: contact('Jamie Ford', 'jamie@ccys.example', '5125550154'),
    },
  },
  {
    athlete: 3,
    status: 'REJECTED',
    submittedDaysAgo: 9,
    reason: 'Sports betting sponsors are prohibited by Texas NIL law.',
    fields: {
      type: 'SPONSORSHIP',
      companyName: 'LuckyLine Sportsbook',
      industry: 'Gambling and sports betting',
      startDate: inDays(15),
      endDate: inDays(75),
      location: 'Online',
      paymentType: 'MONETARY',
      amountCents: 2_000_00,
      pointOfContact: contact('Sam Price', 'sam@luckyline.example', '5125550155'),
    },
  },
  {
    athlete: 4,
    status: 'PENDING',
    submittedDaysAgo: 2,
    fields: {
      type: 'AUTOGRAPH',
      title: 'Card show signing',
      companyName: 'Collectors Corner',
      industry: 'Retail',
      startDate: inDays(0),
      endDate: inDays(0),
      location: 'San Marcos, TX',
      paymentType: 'IN_KIND',
      estimatedAmountCents: 300_00,
      pointOfContact: contact('Alex Kim', 'alex@collectors.example', '5125550156'),
    },
  },
];

/** The demo school's two conflict flags (configuration, no process). */
export async function insertConflictFlags(
  trx: Transaction<Database>,
  schoolId: string,
  reviewerId: string,
): Promise<void> {
  await insertConflictFlag(
    trx,
    schoolId,
    {
      name: 'Apparel sponsor competitors',
      type: 'UNIVERSITY',
      category: 'Apparel',
      description: 'Brands that compete with our official apparel sponsor.',
      teamIds: [],
      maxPaymentCents: 25_000_00,
      companies: ['Stride Athletics', 'Rival Sportswear'],
      boosters: ['Longhorn Legacy Collective'],
    },
    reviewerId,
  );
  await insertConflictFlag(
    trx,
    schoolId,
    {
      name: 'Sports betting',
      type: 'STATE_LEGISLATION_CONFLICT',
      category: 'Gambling and sports betting',
      description: 'Texas NIL law bars deals with sportsbooks and betting apps.',
      teamIds: [],
      maxPaymentCents: null,
      companies: [],
      boosters: [],
    },
    reviewerId,
  );
}
