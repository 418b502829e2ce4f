import type { PageProps } from '../../../../lib/page';
import { GraphEditor } from '../components/GraphEditor';
import { SvgCanvas } from '../components/SvgCanvas';
import { GRAPH_PATHS } from '../paths';
import { GRAPH_TEXT } from '../texts';

/**
 * /knowledge/graph/editor (spec 3 section 2): the simple editor, drawn in plain SVG without a
 * graph library.
 */
export default function GraphEditorPage({ title }: PageProps) {
  return (
    <GraphEditor
      title={title}
      jsonStyle="connections"
      otherEditor={{ path: GRAPH_PATHS.joint, label: GRAPH_TEXT.otherEditorJoint }}
      renderCanvas={(canvas) => <SvgCanvas {...canvas} />}
    />
  );
}
