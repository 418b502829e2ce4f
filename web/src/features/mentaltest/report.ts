import { averageOf, bandOf, formatAverage, isoDate, type Band } from './model';
import { MENTAL_TEXT } from './texts';

export type LineKind = 'title' | 'meta' | 'heading' | 'body' | 'band' | 'alert' | 'muted';

export interface ReportLine {
  kind: LineKind;
  text: string;
}

export interface ReportInput {
  date: Date;
  /** Only what the person typed; an empty name leaves the line out. */
  name: string;
  answers: readonly number[];
}

/** What the downloaded report says, line by line: date, name if any, each answer, the band and its advice. */
export function reportLines({ date, name, answers }: ReportInput): ReportLine[] {
  const band = bandOf(answers);
  const { title, description, advice } = MENTAL_TEXT.bands[band];
  const lines: ReportLine[] = [
    { kind: 'title', text: MENTAL_TEXT.reportTitle },
    { kind: 'meta', text: MENTAL_TEXT.reportDate(isoDate(date)) },
  ];
  if (name.trim()) lines.push({ kind: 'meta', text: MENTAL_TEXT.reportName(name.trim()) });
  lines.push({ kind: 'heading', text: MENTAL_TEXT.reportAnswersTitle });
  answers.forEach((value, index) =>
    lines.push({
      kind: 'body',
      text: MENTAL_TEXT.reportAnswer(index, MENTAL_TEXT.questions[index], MENTAL_TEXT.options[value], value),
    }),
  );
  lines.push(
    { kind: 'heading', text: MENTAL_TEXT.reportResultTitle },
    { kind: 'band', text: `${title} · ${MENTAL_TEXT.averageScore(formatAverage(averageOf(answers)))}` },
    { kind: 'body', text: description },
    ...advice.map((text): ReportLine => ({ kind: 'body', text: `• ${text}` })),
  );
  if (band === 'seekHelp') {
    lines.push(
      { kind: 'alert', text: `${MENTAL_TEXT.hotlineLabel}：${MENTAL_TEXT.hotline}` },
      { kind: 'alert', text: MENTAL_TEXT.emergencyLine },
    );
  }
  lines.push({ kind: 'muted', text: MENTAL_TEXT.disclaimer });
  return lines;
}

const WIDTH = 900;
const PADDING = 56;
const SCALE = 2;
const FONT_FAMILY =
  "-apple-system, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif";

const STYLE: Record<LineKind, { size: number; weight: number; gapBefore: number }> = {
  title: { size: 34, weight: 700, gapBefore: 0 },
  meta: { size: 18, weight: 400, gapBefore: 6 },
  heading: { size: 22, weight: 700, gapBefore: 28 },
  body: { size: 18, weight: 400, gapBefore: 8 },
  band: { size: 24, weight: 700, gapBefore: 10 },
  alert: { size: 20, weight: 700, gapBefore: 10 },
  muted: { size: 15, weight: 400, gapBefore: 32 },
};

const BAND_COLOUR: Record<Band, string> = { good: '#237804', attention: '#AD6800', seekHelp: '#A8071A' };
const HEADER_HEIGHT = 120;

function colourOf(kind: LineKind, band: Band): string {
  switch (kind) {
    case 'band':
      return BAND_COLOUR[band];
    case 'alert':
      return BAND_COLOUR.seekHelp;
    case 'heading':
      return '#C2185B';
    case 'meta':
    case 'muted':
      return '#6B5560';
    default:
      return '#2B1B22';
  }
}

const fontOf = (kind: LineKind) => `${STYLE[kind].weight} ${STYLE[kind].size}px ${FONT_FAMILY}`;
const lineHeightOf = (kind: LineKind) => Math.round(STYLE[kind].size * 1.55);

/** Breaks a line into pieces that fit the width, character by character (Chinese has no spaces). */
function wrap(context: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of text) {
    if (current && context.measureText(current + char).width > maxWidth) {
      pieces.push(current);
      current = char;
    } else {
      current += char;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Paints the report on a canvas; null where the browser has no 2D canvas. */
export function paintReport(
  lines: readonly ReportLine[],
  band: Band,
  doc: Document = document,
): HTMLCanvasElement | null {
  const canvas = doc.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;

  const textWidth = WIDTH - PADDING * 2;
  const laidOut = lines.map((line) => {
    context.font = fontOf(line.kind);
    return { ...line, pieces: wrap(context, line.text, textWidth) };
  });
  const [title, ...rest] = laidOut;
  let height = HEADER_HEIGHT + PADDING / 2;
  for (const line of rest) height += STYLE[line.kind].gapBefore + line.pieces.length * lineHeightOf(line.kind);
  height += PADDING;

  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  context.scale(SCALE, SCALE);
  context.fillStyle = '#FFF8F6';
  context.fillRect(0, 0, WIDTH, height);
  context.fillStyle = '#C2185B';
  context.fillRect(0, 0, WIDTH, HEADER_HEIGHT);
  context.textBaseline = 'top';
  context.font = fontOf('title');
  context.fillStyle = '#FFFFFF';
  context.fillText(`心桥 · ${title.text}`, PADDING, (HEADER_HEIGHT - STYLE.title.size) / 2);

  let y = HEADER_HEIGHT + PADDING / 2;
  for (const line of rest) {
    y += STYLE[line.kind].gapBefore;
    context.font = fontOf(line.kind);
    context.fillStyle = colourOf(line.kind, band);
    for (const piece of line.pieces) {
      context.fillText(piece, PADDING, y);
      y += lineHeightOf(line.kind);
    }
  }
  return canvas;
}

/** The report as a PNG file, made in the browser; null where the browser cannot paint one. */
export function reportPng(input: ReportInput, doc: Document = document): Promise<Blob | null> {
  const canvas = paintReport(reportLines(input), bandOf(input.answers), doc);
  if (!canvas) return Promise.resolve(null);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}
