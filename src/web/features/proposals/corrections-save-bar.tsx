import { SaveBar } from '../../components/ui/save-bar.tsx';
import type { DocumentEditor } from './use-document-editor.ts';

/** Shown only while there are unsaved corrections: billing's save bar, for a document. */
export function CorrectionsSaveBar({ editor }: { editor: DocumentEditor }) {
  return <SaveBar editor={editor} what="document" />;
}
