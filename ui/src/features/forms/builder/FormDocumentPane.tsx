import { Stack, Text, Title } from '@mantine/core';
import { formDocumentUrl, type FormDocumentInfo } from '../forms.api';
import { PdfPages } from '../../../shared/pdf/PdfPages';

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The imported PDF beside the field list, so fields can be built while reading the original. */
export function FormDocumentPane({ formId, document }: { formId: string; document: FormDocumentInfo }) {
  const fileLine = `${document.filename} · ${formatSize(document.sizeBytes)}${
    document.pageCount ? ` · ${document.pageCount} pages` : ''
  }`;
  return (
    <Stack gap="xs" data-testid="pdf-document">
      <Title order={2} size="h5">
        Imported PDF
      </Title>
      <Text size="xs" c="dimmed" truncate title={fileLine}>
        {fileLine}
      </Text>
      <PdfPages source={formDocumentUrl(formId)} title={document.filename} />
    </Stack>
  );
}
