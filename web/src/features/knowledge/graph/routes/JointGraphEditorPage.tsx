import { ExpandOutlined, FileImageOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useRef } from 'react';
import type { PageProps } from '../../../../lib/page';
import { GraphEditor } from '../components/GraphEditor';
import { JointCanvas, type JointCanvasHandle } from '../jointjs/JointCanvas';
import { GRAPH_PATHS } from '../paths';
import { GRAPH_TEXT } from '../texts';

/**
 * /knowledge/graph/editor/jointjs (spec 3 section 2): the second editor, on JointJS, with zoom,
 * fit, PNG export and the selection highlighted. This route's module is the only one that
 * imports @joint/core, so no other page downloads it.
 */
export default function JointGraphEditorPage({ title }: PageProps) {
  const { message } = App.useApp();
  const canvas = useRef<JointCanvasHandle>(null);

  const exportPng = async () => {
    try {
      await canvas.current?.exportPng();
    } catch {
      message.error(GRAPH_TEXT.exportFailed);
    }
  };

  return (
    <GraphEditor
      title={title}
      jsonStyle="edges"
      otherEditor={{ path: GRAPH_PATHS.simple, label: GRAPH_TEXT.otherEditorSimple }}
      renderCanvas={(props) => <JointCanvas ref={canvas} {...props} />}
      canvasTools={
        <>
          <Tooltip title={GRAPH_TEXT.zoomIn} placement="left">
            <Button
              icon={<ZoomInOutlined aria-hidden />}
              aria-label={GRAPH_TEXT.zoomIn}
              onClick={() => canvas.current?.zoomIn()}
            />
          </Tooltip>
          <Tooltip title={GRAPH_TEXT.zoomOut} placement="left">
            <Button
              icon={<ZoomOutOutlined aria-hidden />}
              aria-label={GRAPH_TEXT.zoomOut}
              onClick={() => canvas.current?.zoomOut()}
            />
          </Tooltip>
          <Tooltip title={GRAPH_TEXT.fit} placement="left">
            <Button
              icon={<ExpandOutlined aria-hidden />}
              aria-label={GRAPH_TEXT.fit}
              onClick={() => canvas.current?.fit()}
            />
          </Tooltip>
        </>
      }
      viewTools={
        <Button icon={<FileImageOutlined aria-hidden />} onClick={() => void exportPng()}>
          {GRAPH_TEXT.exportPng}
        </Button>
      }
    />
  );
}
