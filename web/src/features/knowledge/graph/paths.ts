/** The two editors' paths (spec 3 section 2); a board other than the global one rides in ?kcId=. */
export const GRAPH_PATHS = {
  simple: '/knowledge/graph/editor',
  joint: '/knowledge/graph/editor/jointjs',
} as const;

export const withBoard = (path: string, kcId: number) => (kcId > 0 ? `${path}?kcId=${kcId}` : path);

/** The board a link names: a course id, or 0 (the global board) for anything else. */
export function boardOf(value: string | null): number {
  const kcId = Number(value);
  return Number.isSafeInteger(kcId) && kcId > 0 ? kcId : 0;
}
