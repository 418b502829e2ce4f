import { FAQ_TEXT, HELP_TOPICS, SEARCH_MAX_CHARS } from './texts';

/** A FAQ answer or help section that contains the keyword. */
export interface PageMatch {
  path: string;
  title: string;
  excerpt: string;
}

interface SearchablePage {
  path: string;
  title: string;
  text: string;
}

const EXCERPT_CHARS = 60;
const EXCERPT_LEAD_CHARS = 20;

const SEARCHABLE: readonly SearchablePage[] = [
  ...FAQ_TEXT.entries.map((entry) => ({ path: '/faq', title: entry.question, text: entry.answer })),
  ...Object.values(HELP_TOPICS).flatMap((topic) =>
    topic.sections.map((section) => ({
      path: topic.path,
      title: `${topic.title} · ${section.heading}`,
      text: [...section.paragraphs, ...('steps' in section ? section.steps : [])].join(' '),
    })),
  ),
];

/** What the ?search= parameter asks for: trimmed, and whether it breaks the 20-character rule. */
export function parseSearch(raw: string | null): { keyword: string; tooLong: boolean } {
  const keyword = (raw ?? '').trim();
  return { keyword, tooLong: [...keyword].length > SEARCH_MAX_CHARS };
}

/** About 60 characters of the text, starting a little before the match so it reads in context. */
function excerptAround(text: string, index: number): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const start = Math.max(0, Math.min(index - EXCERPT_LEAD_CHARS, text.length - EXCERPT_CHARS));
  const end = start + EXCERPT_CHARS;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * The FAQ and help texts containing the keyword as one phrase, ignoring letter case: the same
 * rule the server applies to blog titles and summaries, so both halves of a search agree.
 */
export function searchPages(keyword: string): PageMatch[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [];
  return SEARCHABLE.filter(
    (page) => page.title.toLowerCase().includes(needle) || page.text.toLowerCase().includes(needle),
  ).map((page) => ({
    path: page.path,
    title: page.title,
    excerpt: excerptAround(page.text, page.text.toLowerCase().indexOf(needle)),
  }));
}
