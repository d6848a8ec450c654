import { Link, RichTextEditor } from "@mantine/tiptap";
import StarterKit from "@tiptap/starter-kit";

/** The extensions of every rich-text editor of the app: headings 2–4 and links (one Link). */
export const extensionesEditor = () => [
  StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
  Link,
];

/**
 * The toolbar of every rich-text editor: the short one for the association's texts and the
 * mailings; `completa` (the news) adds strikethrough, H4, quote, rule, undo and redo.
 */
export function BarraEditor({ completa = false }: { completa?: boolean }) {
  return (
    <RichTextEditor.Toolbar>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        {completa && <RichTextEditor.Strikethrough />}
        <RichTextEditor.ClearFormatting />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.H2 />
        <RichTextEditor.H3 />
        {completa && <RichTextEditor.H4 />}
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
        {completa && <RichTextEditor.Blockquote />}
        {completa && <RichTextEditor.Hr />}
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
      {completa && (
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      )}
    </RichTextEditor.Toolbar>
  );
}
