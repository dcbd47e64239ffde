// WCAG 2.1 contrast ratio of two CSS colours (issue 17): the theme and the status colours are
// measured with it in their tests.

type RGB = [number, number, number];

/** Parses #rgb, #rrggbb and rgb()/rgba(); an alpha colour is laid over the background. */
function parse(color: string, over?: RGB): RGB {
  const c = color.trim().toLowerCase();
  if (c.startsWith('#')) {
    const hex = c.length === 4 ? c.slice(1).split('').map((x) => x + x).join('') : c.slice(1, 7);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as RGB;
  }
  const m = c.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`cannot read colour ${color}`);
  const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  if (a >= 1 || !over) return [r, g, b];
  return [r, g, b].map((v, i) => v * a + over[i] * (1 - a)) as RGB;
}

function luminance([r, g, b]: RGB): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(fg: string, bg: string): number {
  const b = parse(bg);
  const [l1, l2] = [luminance(parse(fg, b)), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}
