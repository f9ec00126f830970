import { createTheme, darken, type CSSVariablesResolver, type MantineThemeComponents } from '@mantine/core';
import { closeMenuOnTab } from '../shared/keyboard';
import classes from './theme.module.css';

/**
 * Keyboard (issue 19). Everything the keyboard needs from the component kit, in one block:
 * - menus put focus on their first item (not on Mantine's invisible role="presentation" placeholder, which also
 *   broke the menu's required children) and Tab closes them with focus back on their button;
 * - the show-password toggle is a tab stop with a name (aria-pressed tells whether the password shows);
 * - the date pickers' previous/next and clear buttons have names;
 * - text inputs, selects and the canvas get a 2 px focus ring (global.css, "Keyboard" block, uses --app-focus-ring);
 * - a dialog's title bar is a plain box, not a <header>: inside a dialog that made a second banner landmark.
 */
const keyboardComponents: MantineThemeComponents = {
  Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  ModalHeader: { defaultProps: { component: 'div' } },
  DrawerHeader: { defaultProps: { component: 'div' } },
  MenuDropdown: { defaultProps: { onKeyDown: closeMenuOnTab } },
  PasswordInput: {
    defaultProps: { visibilityToggleFocusable: true, visibilityToggleButtonProps: { 'aria-label': 'Show password' } },
  },
  DateInput: {
    defaultProps: {
      previousLabel: 'Previous month',
      nextLabel: 'Next month',
      clearButtonProps: { 'aria-label': 'Clear date' },
    },
  },
  DatePickerInput: {
    defaultProps: {
      previousLabel: 'Previous month',
      nextLabel: 'Next month',
      clearButtonProps: { 'aria-label': 'Clear dates' },
    },
  },
};

/**
 * The one place the look is defined. Shades are chosen for WCAG AA contrast on white: filled buttons and links use
 * shade 8, and muted text, placeholders and error text are darker than Mantine's defaults, which fall below 4.5:1.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  components: {
    ...keyboardComponents,
    // Badges wrap instead of cutting their words; targets are 24 px at least, 44 px on a phone (theme.module.css).
    Badge: { defaultProps: { variant: 'light' }, classNames: { root: classes.badgeRoot, label: classes.badgeLabel } },
    Button: { classNames: { root: classes.buttonRoot } },
    ActionIcon: { classNames: { root: classes.actionIconRoot } },
    Checkbox: { defaultProps: { size: 'md' }, classNames: { root: classes.checkRoot } },
    Radio: { defaultProps: { size: 'md' }, classNames: { root: classes.checkRoot } },
    // The spin buttons are two 24 x 17 px targets stacked edge to edge (under WCAG 2.2's 24 px) and of no use on a
    // phone; numbers are typed, and the arrow keys still step them.
    NumberInput: { defaultProps: { hideControls: true } },
    Stepper: { classNames: { steps: classes.stepperSteps, separator: classes.stepperSeparator } },
    // Pagination's arrows are icons only, and axe wants every page button named as well.
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[
            control
          ],
        }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
    // Links inside text must not rely on colour alone.
    Anchor: { defaultProps: { underline: 'always' }, classNames: { root: classes.anchorRoot } },
    Table: { defaultProps: { highlightOnHover: true, verticalSpacing: 'sm' } },
    // Mantine's close button is an icon only; without a label screen readers announce a nameless button.
    Modal: { defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Close' } } },
    // Toasts: the same nameless close button, and Mantine's grey-6 message text under a title is only 3.3:1.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});

/**
 * Text on light and subtle variants (badges, alerts, subtle buttons) uses each colour's darkest shade, darkened a
 * further 30% so even green, orange and yellow reach 4.5:1 on their tinted backgrounds.
 */
function readableLightColours(colors: Record<string, readonly string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const darkest = shades[9];
    if (darkest) out[`--mantine-color-${name}-light-color`] = darken(darkest, 0.3);
  }
  return out;
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...readableLightColours(resolved.colors),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // gray-6 is 3.3:1 on white; a picker's placeholder is drawn as text, so it has to reach 4.5:1 like any text.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--app-focus-ring': 'var(--mantine-color-indigo-8)',
    '--app-outside-day': 'var(--mantine-color-gray-7)',
    '--app-weekend-day': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--app-focus-ring': 'var(--mantine-color-indigo-2)',
    '--app-outside-day': 'var(--mantine-color-dark-1)',
    '--app-weekend-day': 'var(--mantine-color-red-4)',
  },
});
