import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';
import { i18n } from './i18n.ts';

/**
 * Mantine's palettes with shades 6–9 darkened wherever the portal shows text in them, so every use
 * passes WCAG AA (4.5:1): text in the colour on white (shade 6), white text on a filled button or badge
 * (shade 6), and a light badge or alert's text (shade 9) on its tint (shade 1). The tints 0–5 stay
 * Mantine's. Mantine's own orange-6 (#fd7e14), for one, reads at 2.57:1 on white.
 */
const accessible = (name: 'orange' | 'green' | 'red' | 'yellow', dark: [string, string, string, string]) =>
  [...DEFAULT_THEME.colors[name]!.slice(0, 6), ...dark] as unknown as MantineColorsTuple;

/** The brand orange, now a burnt orange: 5.2:1 on white, and white on it. */
export const brandOrange = accessible('orange', ['#c2410c', '#b43d0b', '#a6390b', '#9a3412']);

/**
 * Modals and drawers (the modals manager's confirmations too): the × button is named, and the header
 * is not a landmark. Mantine renders it as <header> in a role="dialog" section, which assistive
 * technology may take for a second page banner (axe: landmark-no-duplicate-banner).
 */
const dialogDefaults = {
  defaultProps: {
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    attributes: { header: { role: 'none' } },
  },
};

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 6,
  colors: {
    // Keeps the name `orange`, so every `color="orange"` in the features is the brand.
    orange: brandOrange,
    green: accessible('green', ['#1e7b34', '#1b6e2f', '#176129', '#14532d']),
    red: accessible('red', ['#c92a2a', '#b02525', '#9b2020', '#862020']),
    yellow: accessible('yellow', ['#925c00', '#855400', '#774b00', '#6b4300']),
  },
  fontFamily: 'Helvetica, Arial, sans-serif',
  components: {
    // Opening a menu focuses its first item (the WAI-ARIA menu button pattern), rather than Mantine's
    // focusable role="presentation" placeholder, which a screen reader announces as nothing and axe
    // refuses inside role="menu". A plain object, not Menu.extend: the theme is on the first page and
    // must not pull the Menu component (and its styles) into it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: dialogDefaults,
    Drawer: dialogDefaults,
  },
});

/** Dimmed text (dates, hints) at 5:1 on white instead of Mantine's gray-6 at 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#697077' },
  dark: {},
});
