// The app's two antd themes. Seeds and the few text tokens below are chosen so that text and
// its background keep a contrast of at least 4.5:1 (WCAG 2.2 AA) in light and dark; antd's
// defaults fall short for the primary blue (4.1:1 under white text) and for secondary text
// (colorTextTertiary, 3.4:1). theme.test.ts measures every pair.
import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * The font stack: antd's Latin system fonts, then the CJK system fonts of macOS, Windows,
 * Linux and Android, so that Chinese and Japanese names never render as boxes.
 */
export const FONT_FAMILY = [
  '-apple-system', 'BlinkMacSystemFont', "'Segoe UI'", 'Roboto', "'Helvetica Neue'", 'Arial', "'Noto Sans'",
  "'PingFang SC'", "'Hiragino Sans'", "'Hiragino Kaku Gothic ProN'", "'Microsoft YaHei'", "'Yu Gothic UI'", 'Meiryo',
  "'Noto Sans CJK SC'", "'Noto Sans CJK JP'", "'Source Han Sans SC'", "'WenQuanYi Micro Hei'", "'Droid Sans Fallback'",
  'sans-serif', "'Apple Color Emoji'", "'Segoe UI Emoji'", "'Noto Color Emoji'",
].join(', ');

/** The brand blue per theme: dark enough under white text, light enough on a dark page. */
export const PRIMARY = { light: '#0958d9', dark: '#1668dc' } as const;

const shared = { fontFamily: FONT_FAMILY, borderRadius: 6 };

export const lightTheme: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    ...shared,
    colorPrimary: PRIMARY.light,
    colorInfo: PRIMARY.light,
    colorLink: PRIMARY.light,
    // Links darken on hover too: antd's derived #579df2 is 2.8:1 on white.
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorPrimaryTextHover: '#003eb3',
    // antd lightens on hover, which drops white text below 4.5:1; this theme darkens.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorError: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Status tags (color="success" | "warning") write the status colour on its pale background.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorWarning: '#8a5300',
    colorWarningBg: '#fffbe6',
    // Preset tags (color="green" …) write the 7th shade of a palette on its 1st. antd derives
    // the palette from its seed (the 6th shade; overriding "green7" itself has no effect), so
    // where the default falls under 4.5:1 the seed is one or two shades darker (issue 17).
    cyan: '#006d75',
    green: '#237804',
    orange: '#d46b08',
    yellow: '#876800',
    volcano: '#d4380d',
    lime: '#3f6600',
    gold: '#ad6800',
  },
};

export const darkTheme: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: {
    ...shared,
    colorPrimary: PRIMARY.dark,
    colorPrimaryHover: '#1554ad',
    colorPrimaryActive: '#0f3f8c',
    // An info tag (color="processing") writes colorInfo on colorInfoBg: the light blue.
    colorInfo: '#69b1ff',
    // Blue text on a dark page must be light; white text on a blue button must be dark blue:
    // one blue cannot do both, so links and blue text get their own.
    colorLink: '#69b1ff',
    colorLinkHover: '#91caff',
    colorLinkActive: '#4096ff',
    colorPrimaryText: '#69b1ff',
    colorPrimaryTextHover: '#91caff',
    colorInfoText: '#69b1ff',
    colorError: '#ff7875',
    colorErrorText: '#ff7875',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
    // Preset tags (color="purple" …) write the 7th shade on the 1st; dark palettes run from
    // dark to light, so a lighter seed (issue 17).
    purple: '#b37feb',
    geekblue: '#85a5ff',
  },
  components: {
    // The light red of dark mode takes dark text on a danger button.
    Button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
    Menu: { itemSelectedColor: '#69b1ff', subMenuItemSelectedColor: '#69b1ff' },
    // The selected tab's label is blue text on the page: the light blue (issue 17).
    Tabs: { itemSelectedColor: '#69b1ff', itemHoverColor: '#91caff', itemActiveColor: '#4096ff' },
  },
};

export function appTheme(dark: boolean): ThemeConfig {
  return dark ? darkTheme : lightTheme;
}
