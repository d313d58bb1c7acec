import { Mark, mergeAttributes } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { IMAGE_TYPES, WYSIWYG_STYLES, WYSIWYG_UPLOAD_EXTENSIONS } from '@shop/contracts';
import { contentBuilderTexts, resourceFailure } from '@shop/i18n-de';
import { useEffect, useState, type ChangeEvent } from 'react';
import { api, errorMessage } from '../../../api/client';
import { readAsDataUrl } from '../../resources/editors/ImagesField';
import { uploadFile, uploadHref } from './FilesField';
import { Options } from '../../../ui/Options';

const W = contentBuilderTexts.form.wysiwyg;
const STYLE_CLASSES: readonly string[] = WYSIWYG_STYLES.map((s) => s.className);
const ACCEPT = WYSIWYG_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * storefront-presenter.md §3 "offers styles: blue, black, two font families, two small sizes, a label style,
 * hyphenation": one mark that puts exactly one of the style classes of libs/contracts on a span (the content
 * service's sanitiser keeps these classes and nothing else).
 */
const StyleClass = Mark.create({
  name: 'styleClass',
  addAttributes() {
    return {
      class: {
        default: null,
        parseHTML: (el) => {
          const found = [...el.classList].find((c) => STYLE_CLASSES.includes(c));
          return found ?? null;
        },
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (el) => ([...el.classList].some((c) => STYLE_CLASSES.includes(c)) ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
});

/** The Tiptap editor of a field: its content follows `value` (a change from outside replaces it), edits go out. */
function useWysiwygEditor(id: string, value: string, invalid: boolean, onChange: (html: string) => void) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['mailto', 'tel'] },
      }),
      Image,
      StyleClass,
    ],
    content: value,
    editorProps: {
      attributes: {
        id: `${id}-editor`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(invalid ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class: 'wysiwyg-content prose',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // a value changed from outside (loaded, pasted, generated) replaces the editor's content
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return editor;
}

/**
 * An upload in place: jpg, jpeg, png, gif and svg become images of the media library shown in the text, anything
 * else (pdf) an upload linked from the text by its file name.
 */
function useWysiwygUpload(editor: Editor | null) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || !editor) return;
    setBusy(true);
    setUploadError(null);
    try {
      const isImage = (Object.keys(IMAGE_TYPES) as string[]).includes(file.type) && file.type !== 'image/webp';
      if (isImage) {
        const image = await api.post('/api/images', { data: await readAsDataUrl(file), name: file.name.slice(0, 255) });
        editor
          .chain()
          .focus()
          .setImage({ src: `/image/${image.id}-${image.version}.${image.extension}`, alt: image.alt ?? '' })
          .run();
      } else {
        const up = await uploadFile(file);
        editor
          .chain()
          .focus()
          .insertContent({
            type: 'text',
            text: file.name,
            marks: [{ type: 'link', attrs: { href: uploadHref(up), target: '_blank' } }],
          })
          .run();
      }
    } catch (err) {
      setUploadError(errorMessage(err, resourceFailure('uploads', 'create')));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  return { busy, uploadError, upload };
}

/**
 * The rich-text editor (Tiptap on ProseMirror; loaded with the screens that show a wysiwyg field): headings,
 * bold, italic, lists, links, the spec's styles, and images or PDFs uploaded in place (jpg, jpeg, png, gif, svg as
 * images of the media library, pdf as an upload linked from the text). The stored value is the editor's HTML.
 */
export default function WysiwygField({
  id,
  label,
  value,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (html: string) => void;
}) {
  const editor = useWysiwygEditor(id, value, invalid, onChange);
  const { busy, uploadError, upload } = useWysiwygUpload(editor);
  return (
    <div className="wysiwyg">
      <p className="wysiwyg-label" id={`${id}-label`} onClick={() => editor?.commands.focus()}>
        {label}
      </p>
      <div role="toolbar" aria-label={`${W.toolbar}: ${label}`} className="wysiwyg-toolbar">
        <WysiwygButtons editor={editor} id={id} />
        <label htmlFor={`${id}-upload`} className="button">
          {W.upload}
        </label>
        <input
          id={`${id}-upload`}
          className="sr-only"
          type="file"
          accept={ACCEPT}
          disabled={busy || !editor}
          onChange={(e) => void upload(e)}
          aria-describedby={`${id}-upload-types`}
        />
        <span className="help" id={`${id}-upload-types`}>
          {busy ? contentBuilderTexts.form.uploading : W.uploadTypes}
        </span>
      </div>
      <EditorContent editor={editor} className="wysiwyg-editor" />
      {uploadError && (
        <p className="field-error" role="alert">
          {uploadError}
        </p>
      )}
    </div>
  );
}

/** The toolbar's marks and blocks (pressed while active at the cursor), the link prompt and the style select. */
function WysiwygButtons({ editor, id }: { editor: Editor | null; id: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      link: e?.isActive('link') ?? false,
      style: (e?.getAttributes('styleClass').class as string | undefined) ?? '',
    }),
  });
  const chain = () => editor?.chain().focus();
  const toggle = (name: string, active: boolean | undefined, run: () => void) => (
    <button type="button" aria-pressed={!!active} disabled={!editor} onClick={run}>
      {name}
    </button>
  );
  const link = () => {
    const href = window.prompt(W.linkPrompt, (editor?.getAttributes('link').href as string | undefined) ?? '');
    if (href === null) return;
    if (href.trim() === '') chain()?.extendMarkRange('link').unsetLink().run();
    else chain()?.extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <>
      {toggle(W.bold, state?.bold, () => chain()?.toggleBold().run())}
      {toggle(W.italic, state?.italic, () => chain()?.toggleItalic().run())}
      {toggle(W.heading, state?.heading, () => chain()?.toggleHeading({ level: 2 }).run())}
      {toggle(W.bulletList, state?.bulletList, () => chain()?.toggleBulletList().run())}
      {toggle(W.orderedList, state?.orderedList, () => chain()?.toggleOrderedList().run())}
      {toggle(W.link, state?.link, link)}
      <label htmlFor={`${id}-style`}>{W.style}</label>
      <select
        id={`${id}-style`}
        value={state?.style ?? ''}
        disabled={!editor}
        onChange={(e) => {
          const cls = e.target.value;
          if (cls) chain()?.setMark('styleClass', { class: cls }).run();
          else chain()?.unsetMark('styleClass').run();
        }}
      >
        <option value="">{W.styleNone}</option>
        <Options choices={WYSIWYG_STYLES.map((s) => ({ value: s.className, label: s.label }))} />
      </select>
    </>
  );
}
