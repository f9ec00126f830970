import { Anchor, Text, type MantineSize } from '@mantine/core';
import { Link } from 'react-router';
import { profilePathFor, type PersonKind } from '../../../domain/people-links';
import { useMe } from './session';

/**
 * A person's name on a list: a link to the profile this viewer may open (domain/people-links), or plain text when
 * there is none for them. Every list of people uses it, so a name never leads to a screen its viewer cannot see.
 */
export function PersonLink({
  kind,
  id,
  name,
  size = 'sm',
  fw = 500,
}: {
  kind: PersonKind;
  id: string;
  name: string;
  size?: MantineSize;
  fw?: number;
}) {
  const me = useMe();
  const to = profilePathFor({ portal: me.portal, userId: me.id }, kind, id, name);
  if (!to) {
    return (
      <Text component="span" size={size} fw={fw}>
        {name}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} size={size} fw={fw}>
      {name}
    </Anchor>
  );
}
