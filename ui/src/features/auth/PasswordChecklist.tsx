import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { checkPassword, PASSWORD_RULE_TEXT, type PasswordProblem } from '../../../../domain/password';
import { CheckIcon, CrossIcon } from '../../shared/icons';

const SHOWN_RULES: PasswordProblem[] = ['length', 'uppercase', 'lowercase', 'number', 'special'];

/** The password policy as a live checklist; each rule says whether it is met, in words as well as colour. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const problems = new Set(checkPassword(password));
  const rules = problems.has('invalid_chars') ? [...SHOWN_RULES, 'invalid_chars' as const] : SHOWN_RULES;
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={4}>
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
    </div>
  );
}
