import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { darkTheme, lightTheme } from './theme';

const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];

import { contrast } from '../lib/contrast';

describe('theme contrast', () => {
  it('reads the WCAG reference values', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 1);
    expect(contrast('#777', '#fff')).toBeCloseTo(4.48, 1);
    expect(contrast('rgba(0,0,0,0.45)', '#ffffff')).toBeLessThan(4.5);
  });

  for (const [name, config] of [['light', lightTheme], ['dark', darkTheme]] as const) {
    it(`keeps text at 4.5:1 or more in the ${name} theme`, () => {
      const t = theme.getDesignToken(config);
      // [what, foreground, background]: text on the page and in boxes, secondary and
      // placeholder text, links, text on primary buttons and the coloured status texts.
      const pairs: [string, string, string][] = [];
      for (const bg of ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'] as const) {
        for (const fg of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder',
          'colorLink', 'colorLinkHover', 'colorLinkActive', 'colorPrimaryText', 'colorPrimaryTextHover', 'colorErrorText', 'colorWarningText', 'colorSuccessText', 'colorInfoText'] as const) {
          pairs.push([`${fg} on ${bg}`, t[fg], t[bg]]);
        }
      }
      pairs.push(['colorTextLightSolid on colorPrimary', t.colorTextLightSolid, t.colorPrimary]);
      pairs.push(['colorTextLightSolid on colorPrimaryHover', t.colorTextLightSolid, t.colorPrimaryHover]);
      const dangerText = (config.components?.Button as { dangerColor?: string } | undefined)?.dangerColor ?? t.colorTextLightSolid;
      pairs.push(['danger button text on colorError', dangerText, t.colorError]);
      const selected = (config.components?.Menu as { itemSelectedColor?: string } | undefined)?.itemSelectedColor ?? t.colorPrimary;
      pairs.push(['selected menu item on colorPrimaryBg', selected, t.colorPrimaryBg]);
      // The section holding the selected entry is written in its own colour on the sidebar.
      const section = (config.components?.Menu as { subMenuItemSelectedColor?: string } | undefined)?.subMenuItemSelectedColor ?? t.colorPrimary;
      pairs.push(['selected menu section on colorBgContainer', section, t.colorBgContainer]);
      const tabs = config.components?.Tabs as { itemSelectedColor?: string; itemHoverColor?: string } | undefined;
      for (const bg of ['colorBgContainer', 'colorBgLayout'] as const) {
        pairs.push([`selected tab on ${bg}`, tabs?.itemSelectedColor ?? t.colorPrimary, t[bg]]);
        pairs.push([`hovered tab on ${bg}`, tabs?.itemHoverColor ?? t.colorPrimaryHover, t[bg]]);
      }
      for (const s of ['Error', 'Warning', 'Success', 'Info'] as const) {
        pairs.push([`color${s}Text on color${s}Bg`, t[`color${s}Text`], t[`color${s}Bg`]]);
        // A status Tag (color="success" …) writes color${s} on color${s}Bg.
        pairs.push([`Tag ${s}: color${s} on color${s}Bg`, t[`color${s}`], t[`color${s}Bg`]]);
      }
      // A preset Tag (color="green" …) writes the palette's 7th shade on its 1st (derived from
      // the seed: the theme must not set shades, which antd ignores at run time).
      expect(Object.keys(config.token ?? {}).filter((k) => /^[a-z]+\d+$/.test(k))).toEqual([]);
      const tokens = t as unknown as Record<string, string>;
      for (const c of PRESET_COLORS) pairs.push([`Tag ${c}: ${c}7 on ${c}1`, tokens[`${c}7`], tokens[`${c}1`]]);
      const failing = pairs
        .map(([what, fg, bg]) => ({ what, fg, bg, ratio: contrast(fg, bg) }))
        .filter((p) => p.ratio < 4.5)
        .map((p) => `${p.what}: ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });
  }
});
