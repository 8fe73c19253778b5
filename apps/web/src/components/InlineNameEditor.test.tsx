import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage, resetLanguage } from '../testing/render';
import { InlineNameEditor } from './InlineNameEditor';

function renderEditor(props: { onSave?: (name: string) => Promise<void>; refuse?: (draft: string) => boolean } = {}) {
  const onSave = vi.fn(props.onSave ?? (() => Promise.resolve()));
  const onDone = vi.fn();
  const rendered = renderInLanguage(
    <InlineNameEditor
      label="Team name"
      name="Diagram crew"
      maxLength={20}
      onSave={onSave}
      onDone={onDone}
      {...(props.refuse ? { refuse: props.refuse } : {})}
    />,
  );
  const type = (value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name: 'Team name' }), { target: { value } });
  const submit = () => fireEvent.submit(screen.getByRole('textbox', { name: 'Team name' }).closest('form')!);
  return { rendered, onSave, onDone, type, submit };
}

describe('InlineNameEditor', () => {
  afterEach(async () => {
    cleanup();
    await resetLanguage();
  });

  it('saves the trimmed name once, however often Enter comes, and closes when it has settled', async () => {
    let settle: () => void = () => {};
    const editor = renderEditor({ onSave: () => new Promise<void>((resolve) => (settle = resolve)) });
    await editor.rendered;
    const field = screen.getByRole('textbox', { name: 'Team name' });
    expect((field as HTMLInputElement).value).toBe('Diagram crew');
    expect(field.getAttribute('maxlength')).toBe('20');
    editor.type('  Map makers ');
    editor.submit();
    editor.submit();
    expect(editor.onSave).toHaveBeenCalledTimes(1);
    expect(editor.onSave).toHaveBeenCalledWith('Map makers');
    expect(editor.onDone).not.toHaveBeenCalled();
    settle();
    await waitFor(() => expect(editor.onDone).toHaveBeenCalledOnce());
  });

  it('closes without saving a name that is empty or unchanged after trimming, and on Escape', async () => {
    const editor = renderEditor();
    await editor.rendered;
    editor.type('   ');
    editor.submit();
    editor.type(' Diagram crew ');
    editor.submit();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Team name' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editor.onSave).not.toHaveBeenCalled();
    expect(editor.onDone).toHaveBeenCalledTimes(4);
  });

  it('stays open on a draft the caller refuses', async () => {
    const editor = renderEditor({ refuse: (draft) => draft.trim() === '' });
    await editor.rendered;
    editor.type(' ');
    editor.submit();
    expect(editor.onSave).not.toHaveBeenCalled();
    expect(editor.onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Team name' })).toBeTruthy();
  });
});
