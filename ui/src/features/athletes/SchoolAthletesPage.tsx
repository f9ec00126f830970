import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ATHLETE_LIST_COLUMNS, formatListCell, type AthleteListColumn } from '../../../../domain/athlete-profiles';
import { isApiError } from '../../shared/api';
import { PlusIcon } from '../../shared/icons';
import { countOf } from '../../shared/labels';
import { pageCount, PAGE_SIZE } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { PersonLink } from '../../shared/PersonLink';
import { ChangeLoginEmailModal } from '../../shared/ChangeLoginEmailModal';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { useCreateSchoolAthlete, useSchoolAthletes, useSchoolTeamOptions } from './athletes.api';
import { AthleteCreateForm } from './CreateAthletePage';
import { ACCOUNT_STATUS_COLOUR } from './profile-fields';
import { useSchoolProfile } from '../../shared/school-profile.api';

const COLUMNS: AthleteListColumn[] = [
  'athletName',
  'studentEmail',
  'sportTeamName',
  'classYear',
  'rosterStatus',
  'userStatus',
];
const labelOf = (key: AthleteListColumn) => ATHLETE_LIST_COLUMNS.find((c) => c.key === key)!.label;

/**
 * /school/athletes/:schoolId: the platform operator's list of one school's student-athletes, read-only but for the
 * login e-mail, which the operator may change (audited; the new address confirms it).
 */
export function SchoolAthletesPage() {
  const { schoolId = '' } = useParams();
  const [page, setPage] = useState(1);
  const school = useSchoolProfile(schoolId);
  const athletes = useSchoolAthletes(schoolId, page);
  const notFound = isApiError(athletes.error) && [400, 404].includes(athletes.error.status);
  const name = school.data?.name;
  // The operator's fix for a bounced welcome letter: the athlete's login e-mail, confirmed by the new address.
  const [changing, setChanging] = useState<{ id: string; athletName: string; studentEmail: string } | null>(null);

  return (
    <Stack gap="lg">
      <ChangeLoginEmailModal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        url={`/schools/${encodeURIComponent(schoolId)}/athletes/${changing?.id ?? ''}/email`}
        name={changing?.athletName ?? ''}
        currentEmail={changing?.studentEmail ?? ''}
      />
      <PageHeader
        title={name ? `Student-athletes of ${name}` : 'School athletes'}
        description={
          <Anchor component={Link} to={`/school/profile/${encodeURIComponent(schoolId)}`}>
            Back to the school profile
          </Anchor>
        }
        actions={
          !notFound && (
            <Button
              component={Link}
              to={`/school/athletes/${encodeURIComponent(schoolId)}/addStudent`}
              leftSection={<PlusIcon size={16} />}
            >
              Add student-athlete
            </Button>
          )
        }
      />
      {athletes.isPending && <LoadingState rows={6} label="Loading student-athletes" />}
      {athletes.error &&
        (notFound ? (
          <NothingHere
            title="School not found"
            description="This school does not exist. It may have been mistyped in the address."
            action={
              <Button component={Link} to="/school">
                All schools
              </Button>
            }
          />
        ) : (
          <ErrorState error={athletes.error} onRetry={() => void athletes.refetch()} />
        ))}
      {athletes.data && athletes.data.total === 0 && (
        <NothingHere
          title="No student-athletes yet"
          description="Add them one at a time here, or let the school's admins upload a spreadsheet."
        />
      )}
      {athletes.data && athletes.data.total > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {countOf(athletes.data.total, 'student-athlete')}
          </Text>
          <TableScroll minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Student-athletes">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((key) => (
                    <Table.Th key={key}>{labelOf(key)}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {athletes.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    {COLUMNS.map((key) => (
                      <Table.Td key={key}>
                        {key === 'athletName' ? (
                          <PersonLink kind="athlete" id={a.id} name={a.athletName} />
                        ) : key === 'userStatus' ? (
                          <Badge variant="light" color={ACCOUNT_STATUS_COLOUR[a.userStatus] ?? 'gray'}>
                            {formatListCell(key, a)}
                          </Badge>
                        ) : (
                          formatListCell(key, a) || '—'
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setChanging(a)}
                        aria-label={`Change the login e-mail of ${a.athletName}`}
                      >
                        Change e-mail
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {athletes.data.total > PAGE_SIZE && (
            <Group justify="center">
              <Pagination
                total={pageCount(athletes.data.total)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** /school/athletes/:schoolId/addStudent: the platform operator adds one student-athlete to a school. */
export function SchoolAddStudentPage() {
  const { schoolId = '' } = useParams();
  const school = useSchoolProfile(schoolId);
  const create = useCreateSchoolAthlete(schoolId);
  const teams = useSchoolTeamOptions(schoolId);
  return (
    <AthleteCreateForm
      create={create}
      teams={teams}
      backTo={`/school/athletes/${encodeURIComponent(schoolId)}`}
      backLabel="Back to the school's student-athletes"
      title={school.data ? `Add a student-athlete to ${school.data.name}` : 'Add student-athlete'}
    />
  );
}
