/** Joins the class names that apply: cx(styles.entry, isCurrent && styles.current). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
