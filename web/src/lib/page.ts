/** What the router hands every page module. */
export interface PageProps {
  /** The page's Chinese name, as shown in the browser tab and on pages not built yet. */
  title: string;
}
