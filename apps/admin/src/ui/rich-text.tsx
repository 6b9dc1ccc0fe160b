/**
 * A rich text field for articles (TipTap, a ProseMirror editor), limited to what the server keeps
 * of an article's HTML (docs/CONTRACT.md, news): paragraphs, headings 2–4, bold, italic, lists,
 * quotes, line breaks and links. Anything else the editor could make would be stripped on save,
 * so it is not offered. Works as an antd form control (`value`, `onChange`).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  dir?: 'ltr' | 'rtl';
}

export function RichText({ value = '', onChange, label, dir = 'ltr' }: RichTextProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: { openOnClick: false, protocols: ['http', 'https'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: { attributes: { class: 'rich-text__body', 'aria-label': label, role: 'textbox', dir } },
    // An empty document is stored as no content, not as an empty paragraph.
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });
  // A value set from outside (the article loaded, another language's tab) replaces the document.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;

  const chain = () => editor.chain().focus();
  const tools: Array<{ key: keyof NonNullable<typeof active>; text: ReactNode; run: () => void }> = [
    { key: 'h2', text: 'H2', run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', text: 'H3', run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', text: <BoldOutlined />, run: () => chain().toggleBold().run() },
    { key: 'italic', text: <ItalicOutlined />, run: () => chain().toggleItalic().run() },
    { key: 'bullets', text: <UnorderedListOutlined />, run: () => chain().toggleBulletList().run() },
    { key: 'numbers', text: <OrderedListOutlined />, run: () => chain().toggleOrderedList().run() },
    { key: 'quote', text: '❝', run: () => chain().toggleBlockquote().run() },
    {
      key: 'link',
      text: <LinkOutlined />,
      run: () => {
        if (editor.isActive('link')) return void chain().unsetLink().run();
        const href = window.prompt(t('news.link_prompt'), 'https://');
        if (href && /^https?:\/\/\S+$/i.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
  ];
  return (
    <div className="rich-text">
      <Flex gap={4} className="rich-text__toolbar" role="toolbar" aria-label={t('news.formatting')}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(`news.tool_${tool.key}`)}>
            <Button
              size="small"
              type={active?.[tool.key] ? 'primary' : 'text'}
              aria-label={t(`news.tool_${tool.key}`)}
              aria-pressed={active?.[tool.key] ?? false}
              // A press keeps the focus (and the caret) in the text: TipTap gives the focus back
              // only on the next animation frame, so keys typed straight after a click on Bold
              // would otherwise reach the button, not the article.
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
            >
              {tool.text}
            </Button>
          </Tooltip>
        ))}
      </Flex>
      <EditorContent editor={editor} />
    </div>
  );
}
