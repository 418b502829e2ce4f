import MDEditor from '@uiw/react-md-editor/nohighlight';
import { Grid } from 'antd';
import { MarkdownView } from './MarkdownView';

interface MarkdownEditorProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  'aria-invalid'?: boolean;
}

/**
 * The markdown editor with a live preview. The preview is our own MarkdownView, so it is sanitised exactly as
 * the published article is (the editor's built-in preview runs raw HTML through its own plugins).
 * This module is imported only by the create and edit routes, which keeps the editor out of every other chunk.
 */
export default function MarkdownEditor({ id, value = '', onChange, placeholder, ...rest }: MarkdownEditorProps) {
  // A phone has no room for side-by-side panes; the toolbar still switches to the preview.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <div data-color-mode="light">
      <MDEditor
        value={value}
        onChange={(next) => onChange?.(next ?? '')}
        height={420}
        preview={wide ? 'live' : 'edit'}
        visibleDragbar={false}
        textareaProps={{ id, placeholder, 'aria-invalid': rest['aria-invalid'] }}
        components={{ preview: (source) => <MarkdownView content={source} /> }}
      />
    </div>
  );
}
