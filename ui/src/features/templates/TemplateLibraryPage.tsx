import { useMe } from '../../shared/session';
import { OperatorTemplateLibrary } from './OperatorTemplateLibrary';
import { SchoolTemplateLibrary } from './SchoolTemplateLibrary';

/** /templateLibrary: the provider's library for operators, the school's assigned templates for its staff. */
export function TemplateLibraryPage() {
  const me = useMe();
  return me.portal === 'operator' ? <OperatorTemplateLibrary /> : <SchoolTemplateLibrary />;
}
