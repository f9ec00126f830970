import { Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  checkPasswordRules,
  PASSWORD_MIN_SCORE,
  PASSWORD_RULE_TEXT,
  type PasswordGuessability,
  type PasswordProblem,
} from '../../../../domain/password';
import { CheckIcon, CrossIcon } from '../../shared/icons';

const SHOWN_RULES: PasswordProblem[] = ['length', 'uppercase', 'lowercase', 'number', 'special', 'common'];

/** The bar's colour, and the label's in a shade dark enough for small text (WCAG AA contrast). */
const STRENGTH: Record<PasswordGuessability['score'], { label: string; color: string; text: string }> = {
  0: { label: 'Too easy to guess', color: 'red.8', text: 'red.9' },
  1: { label: 'Too easy to guess', color: 'red.8', text: 'red.9' },
  2: { label: 'Too easy to guess', color: 'orange.8', text: 'red.9' },
  3: { label: 'Good', color: 'teal.7', text: 'teal.9' },
  4: { label: 'Strong', color: 'teal.9', text: 'teal.9' },
};

/**
 * The password policy as a live checklist; each rule says whether it is met, in words as well as colour. Below it a
 * strength meter from the common-password check, with the reason when the password is easy to guess.
 */
export function PasswordChecklist({
  password,
  guessability,
  id,
}: {
  password: string;
  guessability: PasswordGuessability | null;
  id: string;
}) {
  const problems = new Set(checkPasswordRules(password));
  // Scoring is skipped for a password whose length is already wrong, as on the server.
  if (!guessability || problems.has('length') || guessability.score < PASSWORD_MIN_SCORE) problems.add('common');
  const rules = problems.has('invalid_chars') ? [...SHOWN_RULES, 'invalid_chars' as const] : SHOWN_RULES;
  const strength = guessability ? STRENGTH[guessability.score] : null;
  return (
    <Stack gap={6} id={id}>
      <Text size="sm" fw={600}>
        Your password needs
      </Text>
      <List spacing={4} size="sm" center>
        {rules.map((rule) => {
          const met = !problems.has(rule);
          return (
            <List.Item
              key={rule}
              data-met={met}
              icon={
                <ThemeIcon color={met ? 'teal.9' : 'gray.6'} size={18} radius="xl" variant={met ? 'filled' : 'light'}>
                  {met ? <CheckIcon size={12} /> : <CrossIcon size={12} />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={met ? 'teal.9' : 'gray.8'}>
                {PASSWORD_RULE_TEXT[rule]}
              </Text>
              <VisuallyHidden>{met ? ' (done)' : ' (not yet)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
      {strength && guessability && (
        <Stack gap={4} data-testid="password-strength">
          <Group gap="xs" wrap="nowrap">
            <Progress
              flex={1}
              size="sm"
              value={((guessability.score + 1) / 5) * 100}
              color={strength.color}
              aria-label="Password strength"
            />
            <Text size="sm" c={strength.text} fw={600}>
              {strength.label}
            </Text>
          </Group>
          {guessability.warning && guessability.score < PASSWORD_MIN_SCORE && (
            <Text size="sm" c="gray.8">
              {guessability.warning}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
