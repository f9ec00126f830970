import { Group, Radio, Text } from '@mantine/core';
import type { FieldProps } from './field-props';

/** Scale rating: a radio group 1…N (keyboard: arrow keys), the lowest and highest texts at the ends. */
export function ScaleRatingField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'scaleRating'>) {
  const count = element.ratings;
  const ratings = Array.from({ length: count }, (_, index) => index + 1);
  const endText = (rating: number) =>
    rating === 1 ? element.lowestText : rating === count ? element.highestText : undefined;
  return (
    <Radio.Group
      id={inputId}
      label={element.label}
      description={element.tips}
      error={error}
      required={required}
      readOnly={readOnly}
      value={typeof value === 'number' ? String(value) : null}
      onChange={(rating) => onChange(rating === '' ? undefined : Number(rating))}
      onBlur={onBlur}
    >
      <Group gap="md" mt="xs" align="flex-start" wrap="wrap">
        {element.lowestText && (
          <Text size="sm" c="dimmed" aria-hidden="true">
            {element.lowestText}
          </Text>
        )}
        {ratings.map((rating) => {
          const end = endText(rating);
          return (
            <Radio
              key={rating}
              value={String(rating)}
              label={String(rating)}
              aria-label={end ? `${rating} (${end})` : String(rating)}
              disabled={readOnly}
              labelPosition="left"
            />
          );
        })}
        {element.highestText && (
          <Text size="sm" c="dimmed" aria-hidden="true">
            {element.highestText}
          </Text>
        )}
      </Group>
    </Radio.Group>
  );
}
