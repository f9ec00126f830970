import { hasPermission, useSession } from '../../../shared/session';
import { NothingHere } from '../../../shared/states';
import { ArchivedTemplatesPanel } from '../../../shared/templates/ArchivedTemplatesPanel';

/**
 * The archive's Templates tab. Templates belong to the platform's library, so only those who manage it
 * (`templates:operate`) have archived templates to restore; a school sees why the tab is empty.
 */
export function TemplatesArchiveTab() {
  const { me } = useSession();
  if (hasPermission(me, 'templates:operate')) return <ArchivedTemplatesPanel />;
  return (
    <NothingHere
      title="No archived templates"
      description="Templates come from the platform's template library; one it archives leaves your library."
    />
  );
}
