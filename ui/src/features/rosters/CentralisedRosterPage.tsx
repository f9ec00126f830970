import { Anchor, Stack, Table } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { rolloverLabel } from './roster-labels';
import { useYearRosters } from './rosters.api';
import { YearPicker } from './YearPicker';
import { TableScroll } from '../../shared/table/TableScroll';

/** All teams of one academic year: how many athletes each has on its roster, official and unofficial. */
export function CentralisedRosterPage() {
  const { academicYearId = '' } = useParams();
  const navigate = useNavigate();
  const rosters = useYearRosters(academicYearId);
  const year = rosters.data?.academicYear;
  const teams = rosters.data?.teams ?? [];
  const sum = (k: 'official' | 'unofficial') => teams.reduce((n, t) => n + t[k], 0);
  return (
    <Stack>
      <PageHeader
        title="Centralised roster"
        description={year ? `Every team's roster for ${year.label}.` : 'Every team of the school by academic year.'}
      />
      <YearPicker
        data={rosters.data}
        value={academicYearId}
        onChange={(id) => void navigate(`/centralisedRoster/${id}`)}
      />
      {rosters.isPending && <LoadingState rows={4} label="Loading rosters" />}
      {rosters.error && <ErrorState error={rosters.error} />}
      {rosters.data && teams.length === 0 && (
        <NothingHere title="No teams yet" description="Create sport teams first." />
      )}
      {year && teams.length > 0 && (
        <TableScroll minWidth={480}>
          <Table striped aria-label={`Centralised roster ${year.label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th ta="right">Official</Table.Th>
                <Table.Th ta="right">Unofficial</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Rollover status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.map((t) => (
                <Table.Tr key={t.teamId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/individualRoster/${t.teamId}/${year.id}`}>
                      {t.teamName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{t.official}</Table.Td>
                  <Table.Td ta="right">{t.unofficial}</Table.Td>
                  <Table.Td ta="right">{t.official + t.unofficial}</Table.Td>
                  <Table.Td>{rolloverLabel(t.rolloverStatus)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>All teams</Table.Th>
                <Table.Th ta="right">{sum('official')}</Table.Th>
                <Table.Th ta="right">{sum('unofficial')}</Table.Th>
                <Table.Th ta="right">{sum('official') + sum('unofficial')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
