import { Table } from '@mantine/core';
import { TableScroll } from './TableScroll';

/** One problem a bulk upload found: its row in the file (0: the file as a whole), the column, and what is wrong. */
export interface UploadProblem {
  row: number;
  column: string;
  message: string;
}

/** The problems of a bulk upload, one a row (Row, Column, Problem), scrolling sideways below `minWidth`. */
export function UploadProblemsTable({
  problems,
  label,
  minWidth,
}: {
  problems: readonly UploadProblem[];
  label: string;
  minWidth: number;
}) {
  return (
    <TableScroll minWidth={minWidth}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p, i) => (
            <Table.Tr key={`${p.row}-${p.column}-${i}`}>
              <Table.Td>{p.row === 0 ? 'File' : p.row}</Table.Td>
              <Table.Td>{p.column}</Table.Td>
              <Table.Td>{p.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
