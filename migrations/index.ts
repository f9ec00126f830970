import type { Migration, MigrationProvider } from 'kysely/migration';
import * as core from './2026-11-22_001_core';
import * as loginFailuresIndex from './2026-11-22_002_login-failures-index';
import * as forms from './2026-11-22_010_forms';
import * as planUpgradesIrreversible from './2026-11-23_001_plan-upgrades-irreversible';
import * as tasks from './2026-11-23_020_tasks';
import * as packets from './2026-11-23_030_packets';
import * as packetsLive from './2026-11-23_038_packets-live';
import * as compTickets from './2026-11-23_040_comp-tickets';
import * as disclosures from './2026-11-23_070_disclosures';
import * as templates from './2026-11-24_080_templates';
import * as tasksSpeed from './2026-11-24_084_tasks-speed';
import * as disclosureFiles from './2026-11-24_086_disclosure-files';
import * as folderEditors from './2026-11-25_088_folder-editors';
import * as myTasks from './2026-11-25_092_my-tasks';
import * as athleteProfileColumns from './2026-11-25_093_athlete-profile-columns';
import * as athleteTagsFiles from './2026-11-25_094_athlete-tags-files';
import * as athleteUploads from './2026-11-25_095_athlete-uploads';
import * as rosters from './2026-11-25_096_rosters';
import * as calendar from './2026-11-25_097_calendar';
import * as calendarFeeds from './2026-11-26_098_calendar-feeds';
import * as cara from './2026-11-26_099_cara';
import * as recruitingProspects from './2026-11-26_100_recruiting-prospects';
import * as invitationBatches from './2026-11-26_101_invitation-batches';
import * as recruitingEvents from './2026-11-26_102_recruiting-events';
import * as questionnaires from './2026-11-26_103_questionnaires';
import * as recruitingForms from './2026-11-26_104_recruiting-forms';
import * as expensesMaterials from './2026-11-26_105_expenses-materials';
import * as phoneCallUploads from './2026-11-26_106_phone-call-uploads';
import * as calendarRange from './2026-11-26_108_calendar-range';
import * as segmentFirstContestExemption from './2026-11-26_109_segment-first-contest-exemption';
import * as staffTeams from './2026-11-26_110_staff-teams';
import * as calendarWorkflowNeeded from './2026-11-26_113_calendar-workflow-needed';
import * as psaAttachments from './2026-11-26_114_psa-attachments';
import * as uploadClaims from './2026-12-01_115_upload-claims';
import * as outboxWorkflow from './2026-12-02_120_outbox-workflow';
import * as emailChanges from './2026-12-02_121_email-changes';
import * as teamArchive from './2026-12-02_122_team-archive';
import * as consoleStuckIndexes from './2026-12-02_127_console-stuck-indexes';
import * as restrictDeletes from './2026-12-02_123_restrict-deletes';
import * as sentPacketWorkflowStarted from './2026-12-03_130_sent-packet-workflow-started';
import * as contracts from './2026-12-03_200_contracts';
import * as bankAccountsTaxes from './2026-12-03_230_bank-accounts-taxes';
import * as education from './2026-12-04_300_education';
import * as partners from './2026-12-04_400_partners';
import * as fmvFacts from './2026-12-04_401_fmv-facts';
import * as vendors from './2026-12-04_402_vendors';
import * as scheduleEndRequest from './2026-12-04_240_schedule-end-request';

/**
 * Every migration in order, imported statically so the same list works under tsx, in bundles and in tests.
 * Add a new file with the next ISO-date prefix and list it here.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22_001_core': core,
  '2026-11-22_002_login-failures-index': loginFailuresIndex,
  '2026-11-22_010_forms': forms,
  '2026-11-23_001_plan-upgrades-irreversible': planUpgradesIrreversible,
  '2026-11-23_020_tasks': tasks,
  '2026-11-23_030_packets': packets,
  '2026-11-23_038_packets-live': packetsLive,
  '2026-11-23_040_comp-tickets': compTickets,
  '2026-11-23_070_disclosures': disclosures,
  '2026-11-24_080_templates': templates,
  '2026-11-24_084_tasks-speed': tasksSpeed,
  '2026-11-24_086_disclosure-files': disclosureFiles,
  '2026-11-25_088_folder-editors': folderEditors,
  '2026-11-25_092_my-tasks': myTasks,
  '2026-11-25_093_athlete-profile-columns': athleteProfileColumns,
  '2026-11-25_094_athlete-tags-files': athleteTagsFiles,
  '2026-11-25_095_athlete-uploads': athleteUploads,
  '2026-11-25_096_rosters': rosters,
  '2026-11-25_097_calendar': calendar,
  '2026-11-26_098_calendar-feeds': calendarFeeds,
  '2026-11-26_099_cara': cara,
  '2026-11-26_100_recruiting-prospects': recruitingProspects,
  '2026-11-26_101_invitation-batches': invitationBatches,
  '2026-11-26_102_recruiting-events': recruitingEvents,
  '2026-11-26_103_questionnaires': questionnaires,
  '2026-11-26_104_recruiting-forms': recruitingForms,
  '2026-11-26_105_expenses-materials': expensesMaterials,
  '2026-11-26_106_phone-call-uploads': phoneCallUploads,
  '2026-11-26_108_calendar-range': calendarRange,
  '2026-11-26_109_segment-first-contest-exemption': segmentFirstContestExemption,
  '2026-11-26_110_staff-teams': staffTeams,
  '2026-11-26_113_calendar-workflow-needed': calendarWorkflowNeeded,
  '2026-11-26_114_psa-attachments': psaAttachments,
  '2026-12-01_115_upload-claims': uploadClaims,
  '2026-12-02_120_outbox-workflow': outboxWorkflow,
  '2026-12-02_121_email-changes': emailChanges,
  '2026-12-02_122_team-archive': teamArchive,
  '2026-12-02_127_console-stuck-indexes': consoleStuckIndexes,
  '2026-12-02_123_restrict-deletes': restrictDeletes,
  '2026-12-03_130_sent-packet-workflow-started': sentPacketWorkflowStarted,
  '2026-12-03_200_contracts': contracts,
  '2026-12-03_230_bank-accounts-taxes': bankAccountsTaxes,
  '2026-12-04_300_education': education,
  '2026-12-04_240_schedule-end-request': scheduleEndRequest,
  '2026-12-04_400_partners': partners,
  '2026-12-04_401_fmv-facts': fmvFacts,
  '2026-12-04_402_vendors': vendors,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
