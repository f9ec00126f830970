import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_STATUS_LABELS } from '../../../../domain/athlete-profiles';
import { isApiError } from '../../shared/api';
import { ChangeLoginEmailModal } from '../../shared/ChangeLoginEmailModal';
import { formatDateTime, zoneLabel } from '../../shared/format';
import { countOf, labelFor } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { fullName } from '../../shared/person-name';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useOperatorAthleteProfile } from './athletes.api';
import { ProfileSections, visibleSections } from './ProfileSections';
import { ACCOUNT_STATUS_COLOUR } from './profile-fields';

/**
 * /school/StudentAthleteProfile/:id (and /jarvisAthleteProfile/:id): the provider operator's view of one athlete of a
 * school — what the school's admin sees, read-only, the school named and its times in the school's zone. The one
 * change an operator makes here is the login e-mail (audited; the new address confirms it).
 */
export function OperatorAthleteProfilePage() {
  const { id = '' } = useParams();
  const profile = useOperatorAthleteProfile(id);
  const [changingEmail, setChangingEmail] = useState(false);
  if (profile.isPending) return <LoadingState rows={8} label="Loading the profile" />;
  if (profile.error) {
    const missing = isApiError(profile.error) && [400, 404].includes(profile.error.status);
    return (
      <Stack>
        <PageHeader title="Athlete profile" />
        {missing ? (
          <NothingHere
            title="Student-athlete not found"
            description="No school has this student-athlete. The address may have been mistyped."
            action={
              <Button component={Link} to="/school">
                All schools
              </Button>
            }
          />
        ) : (
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        )}
      </Stack>
    );
  }
  const view = profile.data;
  const { school } = view;
  const files = view.files ?? [];
  return (
    <Stack>
      <PageHeader
        title={fullName(view)}
        description={[`Student-athlete of ${school.name}`, view.sportTeamName, view.email].filter(Boolean).join(' · ')}
        actions={
          <Group gap="xs">
            <Badge color={ACCOUNT_STATUS_COLOUR[view.status] ?? 'gray'} size="lg">
              {labelFor(ACCOUNT_STATUS_LABELS, view.status)}
            </Badge>
            <Button variant="default" onClick={() => setChangingEmail(true)}>
              Change login e-mail
            </Button>
          </Group>
        }
      />
      <Group gap="md">
        <Anchor component={Link} to={`/school/athletes/${encodeURIComponent(school.id)}`} size="sm">
          All student-athletes of {school.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          Times in {zoneLabel(school.timeZone)}, the school&apos;s time zone
        </Text>
      </Group>
      <ChangeLoginEmailModal
        opened={changingEmail}
        onClose={() => setChangingEmail(false)}
        url={`/schools/${encodeURIComponent(school.id)}/athletes/${encodeURIComponent(view.id)}/email`}
        name={fullName(view)}
        currentEmail={view.email}
      />
      <ProfileSections view={view} sections={visibleSections(view)} />
      {view.tags && (
        <Card withBorder component="section" aria-label="Tags">
          <Title order={2} size="h4" mb="sm">
            Tags this year
          </Title>
          {view.tags.length === 0 ? (
            <Text size="sm">No tags.</Text>
          ) : (
            <Group gap={6}>
              {view.tags.map((t) => (
                <Badge key={`${t.id}-${t.byCoach}`} variant="light" color={t.byCoach ? 'grape' : 'blue'}>
                  {t.name}
                </Badge>
              ))}
            </Group>
          )}
        </Card>
      )}
      <Card withBorder component="section" aria-label="Files">
        <Title order={2} size="h4" mb="sm">
          Files ({countOf(files.length, 'file')})
        </Title>
        {files.length === 0 && <Text size="sm">No files kept for this student-athlete.</Text>}
        <Stack gap={4}>
          {files.map((f) => (
            <div key={f.id}>
              <Text size="sm">{f.name}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(f.uploadedAt, school.timeZone)}
                {f.uploadedBy ? ` · ${f.uploadedBy}` : ''}
              </Text>
            </div>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
