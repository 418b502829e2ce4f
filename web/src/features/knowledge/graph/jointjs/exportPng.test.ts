import { describe, expect, it } from 'vitest';
import { standaloneSvg } from './exportPng';

const SVG_NS = 'http://www.w3.org/2000/svg';

function drawn() {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('style', 'position: absolute');
  svg.setAttribute('width', '100%');
  const node = document.createElementNS(SVG_NS, 'rect');
  node.setAttribute('fill', '#c2185b');
  svg.append(node);
  return svg;
}

describe('standaloneSvg', () => {
  it('shows only the area, on white, at the asked number of pixels per unit', () => {
    const live = drawn();
    const { svg, width, height } = standaloneSvg(live, { x: -20, y: 10, width: 300.5, height: 100 }, 2);
    expect(width).toBe(601);
    expect(height).toBe(200);
    const copy = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    expect(copy.getAttribute('viewBox')).toBe('-20 10 300.5 100');
    expect(copy.getAttribute('width')).toBe('601');
    expect(copy.getAttribute('style')).toBeNull();
    const [background, node] = Array.from(copy.children);
    expect(background.getAttribute('fill')).toBe('#ffffff');
    expect(background.getAttribute('x')).toBe('-20');
    expect(node.getAttribute('fill')).toBe('#c2185b');
    // The page's own drawing is left as it was.
    expect(live.getAttribute('style')).toBe('position: absolute');
    expect(live.children).toHaveLength(1);
  });
});
