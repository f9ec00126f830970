import { NothingHere } from '../../../shared/states';

/**
 * SLOT: the archive's Templates tab. The archived form templates panel (`ArchivedTemplatesPanel`, built with the
 * templates feature in ui/src/features/templates/) is wired in here when that feature lands; until then the tab
 * shows an empty state.
 */
export function TemplatesArchiveSlot() {
  return (
    <NothingHere
      title="No archived templates"
      description="Archived form templates will be listed here, ready to restore."
    />
  );
}
