/** Turning a drawn SVG into a PNG file in the browser, for the JointJS editor's export. */

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A copy of `svg` that shows only `area` (in the SVG's own coordinates) on white, `scale` pixels
 * per unit, as text: what an <img> draws without the page's styles or the paper's zoom.
 */
export function standaloneSvg(svg: SVGSVGElement, area: Area, scale: number) {
  const width = Math.max(1, Math.ceil(area.width * scale));
  const height = Math.max(1, Math.ceil(area.height * scale));
  // XMLSerializer writes the SVG namespace itself (setting xmlns by hand doubles it in jsdom).
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('viewBox', `${area.x} ${area.y} ${area.width} ${area.height}`);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.removeAttribute('style');
  const background = document.createElementNS(SVG_NS, 'rect');
  for (const [name, value] of Object.entries({ ...area, fill: '#ffffff' }))
    background.setAttribute(name, String(value));
  copy.insertBefore(background, copy.firstChild);
  return { svg: new XMLSerializer().serializeToString(copy), width, height };
}

/** Draws SVG text onto a canvas of the given size and answers it as a PNG. */
export function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no 2d canvas'));
      context.drawImage(image, 0, 0, width, height);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('empty PNG'))), 'image/png');
    };
    image.onerror = () => reject(new Error('the SVG did not load as an image'));
    // A data URL (not a blob URL) keeps the canvas untainted in every browser.
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** Saves a blob under a file name through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
