import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer';

function setup(disabled = false, sent = true) {
  const onSend = vi.fn(async () => sent);
  const onTyping = vi.fn();
  render(<Composer disabled={disabled} sending={false} onSend={onSend} onPicture={vi.fn()} onTyping={onTyping} />);
  return { onSend, onTyping, box: screen.getByRole('textbox'), user: userEvent.setup() };
}

describe('Composer', () => {
  it('sends the trimmed text on Enter and empties the box', async () => {
    const { onSend, onTyping, box, user } = setup();
    await user.type(box, '  你好  {Enter}');
    expect(onSend).toHaveBeenCalledWith('你好');
    expect(box).toHaveValue('');
    expect(onTyping).toHaveBeenCalled();
  });

  it('breaks the line on Shift+Enter', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('第一行\n第二行');
  });

  it('never sends text that is empty after trimming', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /发送$/ })).toBeDisabled();
  });

  it('keeps the text when the server refused it', async () => {
    const { onSend, box, user } = setup(false, false);
    await user.type(box, '在吗{Enter}');
    expect(onSend).toHaveBeenCalledWith('在吗');
    expect(box).toHaveValue('在吗');
  });
});
