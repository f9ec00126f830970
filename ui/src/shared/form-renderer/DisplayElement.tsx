import { Divider, Image, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { RenderElement } from '../../../../form-engine';

/** Image sources the browser can show today: inline data or our own API (file storage comes with packets). */
export function imageSource(fileId: string): string | null {
  if (/^data:image\/(png|gif|jpeg);base64,/.test(fileId)) return fileId;
  if (fileId.startsWith('/api/')) return fileId;
  return null;
}

/** Heading, statement, divider and image: shown, never answered. Headings start at h3 under the page's h1/h2. */
export function DisplayElement({ element }: { element: RenderElement }) {
  switch (element.type) {
    case 'heading': {
      const level = element.level ?? 1;
      return (
        <Title order={Math.min(6, level + 2) as TitleOrder} size={level === 1 ? 'h3' : level === 2 ? 'h4' : 'h5'}>
          {element.label}
        </Title>
      );
    }
    case 'statement':
      return (
        <Stack gap={4}>
          {element.label && (
            <Text fw={600} size="sm">
              {element.label}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {element.text}
          </Text>
        </Stack>
      );
    case 'divider':
      return <Divider my="xs" label={element.label || undefined} />;
    case 'image': {
      const src = element.image ? imageSource(element.image.fileId) : null;
      const alt = element.altText ?? element.label;
      return (
        <Stack gap={4} component="figure" m={0}>
          {src ? (
            <Image src={src} alt={alt} maw={480} radius="sm" />
          ) : (
            <Paper withBorder p="md" maw={480} role="img" aria-label={alt} bg="gray.0">
              <Text size="sm" c="dimmed">
                {element.image ? `Image: ${element.image.name}` : 'No image added yet'}
              </Text>
            </Paper>
          )}
          {element.label && (
            <Text component="figcaption" size="sm" c="dimmed">
              {element.label}
            </Text>
          )}
        </Stack>
      );
    }
    default:
      return null;
  }
}
